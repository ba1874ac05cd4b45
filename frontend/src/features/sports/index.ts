// The sports feature's public surface, used by app/ only.
export { SportMatchTable, CRICKET_ETID } from './components/sport-match-table';
export { LatestEventsTicker } from './components/latest-events-ticker';
export { SportsTree } from './components/sports-tree';
export { LazyMatchSearch } from './components/lazy-match-search';
export { useSportsStore, selectTree, isccByGmid } from './stores/sports-store';
export { useLiveNavigation } from './hooks/use-live-navigation';
export { RaceMeetings } from './components/race-meetings';
