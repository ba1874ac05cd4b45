import { Typography } from '@mui/material';
import type { DataColumn } from '@/components/data-table';
import { MyBetList } from '@/components/my-bet-list';
import type { BetView } from '@/types';
import { formatFixed } from '@/utils/format';
import { selectBets, useMatchStore } from '../stores/match-store';

const COLUMNS: DataColumn<BetView>[] = [
  {
    id: 'bet',
    header: 'Matched Bet',
    render: (bet) => (
      <>
        <b>{bet.sectionName}</b>
        <Typography component="div" sx={{ fontSize: 11 }}>
          {bet.marketName}
        </Typography>
      </>
    ),
  },
  { id: 'odds', header: 'Odds', align: 'right', render: (bet) => bet.uRate },
  { id: 'stake', header: 'Stake', align: 'right', render: (bet) => formatFixed(bet.amount) },
];

/** My Bet: the user's open bets on this match, back rows blue and lay rows pink. */
export function MyBets() {
  const bets = useMatchStore(selectBets);
  return <MyBetList bets={bets} columns={COLUMNS} />;
}
