// My Bet (spec §2): the user's bets on the current round, back rows blue and lay rows pink, each
// with its item, rate, amount and, once the round is settled, its result. When the next round
// starts, the last round's bets stay, with their results and what they came to, until the player
// bets on the new round.
import { Box } from '@mui/material';
import type { DataColumn } from '@/components/data-table';
import { MyBetList } from '@/components/my-bet-list';
import type { BetView } from '@/types';
import { formatFixed } from '@/utils/format';
import { roundOutcome, type RoundOutcome } from '../model/outcome';
import { selectMid, useCasinoStore, useShownBets } from '../stores/casino-store';

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

const OUTCOME_COLOUR: Record<RoundOutcome['kind'], string> = { won: 'success.main', lost: 'error.main', even: 'text.secondary' };

export function useRoundBetCount(): number {
  return useCasinoStore((state) => state.bets.length);
}

export function MyRoundBets() {
  const shown = useShownBets();
  const mid = useCasinoStore(selectMid);
  const bets = shown?.bets ?? [];
  const last = shown !== null && shown.mid !== mid;
  const outcome = roundOutcome(bets);
  return (
    <Box data-testid="my-round-bets" data-round={shown?.mid ?? ''} data-last-round={last ? 'true' : 'false'}>
      {last && (
        <Box sx={{ px: 1, py: 0.5, fontSize: 12, color: 'text.secondary', bgcolor: 'background.paper' }}>
          Last round {shown.mid}: kept until your next bet
        </Box>
      )}
      <MyBetList bets={bets} columns={COLUMNS} rowProps={(bet) => ({ 'data-settled': bet.result === null ? 'false' : 'true' })} />
      {outcome && (
        <Box data-testid="my-bet-outcome" data-amount={outcome.amount} sx={{ px: 1, py: 0.75, fontWeight: 800, fontSize: 14, color: OUTCOME_COLOUR[outcome.kind], bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}>
          {outcome.text}
        </Box>
      )}
    </Box>
  );
}
