import { CurrentBets } from '@/features/reports';

export default function CurrentBetPage() {
  return <CurrentBets />;
}
