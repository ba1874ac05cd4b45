// My Bet (spec §2): the user's bets on the current round, back rows blue and lay rows pink, each
// with its item, rate, amount and, once the round is settled, its result.
import { Box } from '@mui/material';
import type { DataColumn } from '@/components/data-table';
import { MyBetList } from '@/components/my-bet-list';
import type { BetView } from '@/types';
import { formatFixed } from '@/utils/format';
import { selectBets, useCasinoStore } from '../stores/casino-store';

const COLUMNS: DataColumn<BetView>[] = [
  { id: 'item', header: 'Item', render: (bet) => <b>{bet.sectionName}</b> },
  { id: 'rate', header: 'Rate', align: 'right', render: (bet) => bet.uRate },
  { id: 'amount', header: 'Amount', align: 'right', render: (bet) => formatFixed(bet.amount) },
  {
    id: 'result',
    header: 'Result',
    align: 'right',
    render: (bet) => (
      <Box component="span" data-testid="my-bet-result" sx={{ fontWeight: 700 }}>
        {bet.result === null ? 'Open' : formatFixed(bet.result)}
      </Box>
    ),
  },
];

export function useRoundBetCount(): number {
  return useCasinoStore((state) => state.bets.length);
}

export function MyRoundBets() {
  const bets = useCasinoStore(selectBets);
  return <MyBetList bets={bets} columns={COLUMNS} rowProps={(bet) => ({ 'data-settled': bet.result === null ? 'false' : 'true' })} />;
}
