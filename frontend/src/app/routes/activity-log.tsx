import { ActivityLog } from '@/features/reports';

export default function ActivityLogPage() {
  return <ActivityLog />;
}
