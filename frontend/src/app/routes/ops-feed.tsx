import { FeedConsole } from '@/features/ops';
import { selectSiteConfig, useSiteConfigStore } from '@/features/site-config';
import { OpsShell } from '../layout/ops-shell';

export default function OpsFeedPage() {
  // Match odds are traded on the exchange unless the server books them against the house.
  const exchange = useSiteConfigStore(selectSiteConfig)?.exchange_matching ?? true;
  return (
    <OpsShell title="Sports feed">
      <FeedConsole exchange={exchange} />
    </OpsShell>
  );
}
