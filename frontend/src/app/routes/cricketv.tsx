import { MatchPage } from './match-page';

export default function CricketvPage() {
  return <MatchPage variant="cricketv" />;
}
