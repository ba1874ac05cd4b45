// Tests render shared components inside the app's theme.
export { theme } from '@/app/theme';
