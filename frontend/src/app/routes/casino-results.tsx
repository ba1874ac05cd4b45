import { useSearchParams } from 'react-router';
import { CasinoResults } from '@/features/reports';

/** `/casino-results?type={gtype}` preselects that table (the casino page's View All link). */
export default function CasinoResultsPage() {
  const [params] = useSearchParams();
  const type = params.get('type') ?? '';
  return <CasinoResults key={type} initialType={type} />;
}
