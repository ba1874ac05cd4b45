// /racing/{sportId}: a racing sport's meetings (the sidebar's Racing Sports); each race opens
// the match page, which draws the race tracker.
import { useParams } from 'react-router';
import { RaceMeetings } from '@/features/sports';

export const RACING: Partial<Record<number, string>> = { 7: 'Horse Racing', 4339: 'Greyhound Racing' };

export default function RacingPage() {
  const sportId = Number(useParams().sportId);
  return <RaceMeetings key={sportId} etid={sportId} title={RACING[sportId] ?? 'Racing'} />;
}
