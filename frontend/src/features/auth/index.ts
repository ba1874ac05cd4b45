// The auth feature's public surface, used by app/ only.
export { LoginForm } from './components/login-form';
export { ChangePasswordForm, PASSWORD_CHANGED } from './components/change-password-form';
export { acceptRules } from './api/accept-rules';
export { useAuthActions, endSession, passwordPathFor } from './hooks/use-auth-actions';
export { useLiveUser } from './hooks/use-live-user';
export { validateLogin, validateChangePassword } from './validation';
