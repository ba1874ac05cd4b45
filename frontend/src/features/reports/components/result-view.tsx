// The game-specific part of the result modal, chosen by the game code: a casino table's round
// (its hands by gtype, the winner, the description and the items that paid), or a sports
// market's result as far as the settled bets tell it.
import type { ReactNode } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import { RoundHands } from '@/components/round-hands';
import type { ItemOutcome, ItemResult, RoundResult } from '@/types';
import type { ResultModalData } from '../model/result-data';
import { sportsWinner } from '../model/result-bets';

const OUTCOME_LABELS: Record<ItemOutcome['kind'], string> = {
  win: 'won',
  half_win: 'won half',
  pays: 'pays',
  push: 'stake returned',
  half_lose: 'lost half',
  lose: 'lost',
};

export function outcomeLabel(outcome: ItemOutcome): string {
  return outcome.kind === 'pays' ? `pays ${outcome.rate.toFixed(2)}` : OUTCOME_LABELS[outcome.kind];
}

/** The description after its first part (the winner, shown on its own line). */
export function resultDetails(rdesc: string): string[] {
  return rdesc
    .split('|')
    .slice(1)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Items that did not simply lose: what paid, half paid or was pushed. */
function notableItems(items: ReadonlyArray<ItemResult>): ItemResult[] {
  return items.filter((item) => item.outcome.kind !== 'lose' && item.outcome.kind !== 'half_lose');
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography variant="body2" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Box component="span" sx={{ color: 'text.secondary', minWidth: 72 }}>
        {label}
      </Box>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {children}
      </Box>
    </Typography>
  );
}

function CasinoRoundView({ round }: { round: RoundResult }) {
  const notable = notableItems(round.items);
  return (
    <Box data-testid="round-result" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      <Box sx={{ p: 1.25, borderRadius: 1, bgcolor: 'rgba(255,255,255,0.04)' }}>
        <RoundHands gtype={round.gtype} hands={round.hands} size="small" />
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0, flex: '1 1 220px' }}>
        {round.stacked && <Chip size="small" color="error" label="Stacked (test mode)" data-testid="round-stacked" sx={{ alignSelf: 'flex-start' }} />}
        <Line label="Winner">
          <span data-testid="round-winner">{round.winner || '-'}</span>
        </Line>
        {resultDetails(round.rdesc).length > 0 && (
          <Line label="Result">
            <Box component="span" data-testid="round-details" sx={{ display: 'flex', flexDirection: 'column' }}>
              {resultDetails(round.rdesc).map((part) => (
                <span key={part}>{part}</span>
              ))}
            </Box>
          </Line>
        )}
        {notable.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }} aria-label="Item outcomes">
            {notable.map((item) => (
              <Chip key={item.sid} size="small" color={item.outcome.kind === 'push' ? 'default' : 'success'} variant="outlined" label={`${item.nat}: ${outcomeLabel(item.outcome)}`} />
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}

function MarketView({ data }: { data: ResultModalData }) {
  const winner = sportsWinner(data.bets);
  return (
    <Box data-testid="market-result" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Line label="Market">{data.marketName}</Line>
      {winner && <Line label="Winner">{winner}</Line>}
      {data.remarks && <Line label="Remarks">{data.remarks}</Line>}
    </Box>
  );
}

/** Casino rows opened without their round (the round could not be fetched): the bets only. */
function BetsOnlyView({ data }: { data: ResultModalData }) {
  return (
    <Box data-testid="bets-only-result">
      <Line label="Round">{data.marketName}</Line>
      {data.remarks && <Line label="Remarks">{data.remarks}</Line>}
    </Box>
  );
}

export function ResultView({ data }: { data: ResultModalData }) {
  if (data.round) return <CasinoRoundView round={data.round} />;
  if (data.bets[0]?.casino) return <BetsOnlyView data={data} />;
  return <MarketView data={data} />;
}
