import { MatchPage } from './match-page';

export default function VirtualCricketPage() {
  return <MatchPage variant="virtual-cricket" />;
}
