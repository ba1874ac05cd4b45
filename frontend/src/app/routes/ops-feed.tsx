import { FeedConsole } from '@/features/ops';
import { OpsShell } from '../layout/ops-shell';

export default function OpsFeedPage() {
  return (
    <OpsShell title="Sports feed">
      <FeedConsole />
    </OpsShell>
  );
}
