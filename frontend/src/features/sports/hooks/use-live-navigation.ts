// Keeps the sidebar tree and the latest-events ticker live (spec §2): the `tree` topic pushes
// both whenever a fixture arrives, leaves or goes in play, so a finished match leaves the
// navigation without a reload. Mounted once, by the main layout (one subscription per socket).
import { useTopic } from '@/lib/use-topic';
import { useSportsStore, type Navigation } from '../stores/sports-store';

function isNavigation(data: unknown): data is Navigation {
  const value = data as Partial<Navigation> | null;
  return typeof value === 'object' && value !== null && Array.isArray(value.latest) && Array.isArray(value.tree?.t1) && Array.isArray(value.tree?.t2);
}

export function useLiveNavigation(): void {
  const apply = (data: unknown) => {
    if (isNavigation(data)) useSportsStore.getState().applyNavigation(data);
  };
  useTopic('tree', { onSnapshot: apply, onDelta: apply });
}
