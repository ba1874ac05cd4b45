// The live match tracker feature's public surface, used by app/ only.
export { MatchTracker } from './components/match-tracker';
