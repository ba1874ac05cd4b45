// The sports place-bet panel (spec §4, §5, §9): the match store's slip through the shared
// stake panel (selected price, numeric stake, quick-stake buttons, Clear, preview, Reset,
// Submit). A right-hand panel on desktop and a bottom sheet on small screens. On a match-odds
// market the bet is an exchange order: its price may be any of the ladder's (typed, or stepped
// with the up/down buttons) and the player chooses whether its unmatched part is kept when the
// match turns in-play (it lapses unless kept). On a fixed price the player chooses what happens
// when the price moved (exact only, better, any). A refused bet stays with the reason on it.
import { Box, Checkbox, FormControlLabel, NativeSelect, Typography } from '@mui/material';
import type { AcceptOdds } from '@/types';
import type { Button as QuickButton } from '@/types';
import { PlaceBetFrame, StakePanel } from '@/components/stake-panel';
import { ladderError } from '../model/ladder';
import { ACCEPT_ODDS_CHOICES, canSubmit, preview, takesOddsSetting } from '../model/slip';
import { useSubmitBet } from '../hooks/use-bet-actions';
import { selectSlip, useMatchStore } from '../stores/match-store';
import { LadderPriceField } from './ladder-price-field';

const KEEP_HINT = 'Unless kept, what is still unmatched when the match turns in-play is cancelled.';

/** The exchange order's extras: why the price cannot be asked, and keep in play. */
function OrderOptions() {
  const price = useMatchStore((state) => state.slip.selection?.price ?? 0);
  const persistence = useMatchStore((state) => state.slip.persistence);
  const setPersistence = useMatchStore((state) => state.setPersistence);
  const error = ladderError(price);
  return (
    <>
      {error && (
        <Typography role="alert" data-testid="price-error" sx={{ fontSize: 12, fontWeight: 700, mb: 0.5 }}>
          {error}
        </Typography>
      )}
      <FormControlLabel
        title={KEEP_HINT}
        control={<Checkbox size="small" checked={persistence === 'keep'} onChange={(event) => setPersistence(event.target.checked ? 'keep' : 'lapse')} sx={{ p: 0.25, color: 'inherit', '&.Mui-checked': { color: 'inherit' } }} />}
        label="Keep in play"
        sx={{ ml: 0, mb: 0.5, '& .MuiFormControlLabel-label': { fontSize: 12, fontWeight: 600 } }}
      />
    </>
  );
}

/** The player's odds setting for a fixed-price bet (kept for every bet from this browser). */
function OddsSetting() {
  const acceptOdds = useMatchStore((state) => state.acceptOdds);
  const setAcceptOdds = useMatchStore((state) => state.setAcceptOdds);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, fontSize: 12, fontWeight: 600 }}>
      <span>If the odds change:</span>
      <NativeSelect
        value={acceptOdds}
        onChange={(event) => setAcceptOdds(event.target.value as AcceptOdds)}
        inputProps={{ 'aria-label': 'If the odds change' }}
        sx={{ flex: 1, fontSize: 12, fontWeight: 700, color: 'inherit', '& select': { py: 0.25 } }}
      >
        {ACCEPT_ODDS_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect>
    </Box>
  );
}

/** Why the server refused the bet last sent: the slip keeps the bet as typed. */
function Rejection({ reason }: { reason: string }) {
  return (
    <Typography role="alert" data-testid="slip-rejection" sx={{ fontSize: 12, fontWeight: 700, mb: 0.5, px: 0.75, py: 0.25, bgcolor: 'rgba(180,0,0,0.85)', color: '#fff', borderRadius: 0.5 }}>
      Not placed: {reason}
    </Typography>
  );
}

function SlipBody({ buttons }: { buttons: QuickButton[] }) {
  const slip = useMatchStore(selectSlip);
  const addStake = useMatchStore((state) => state.addStake);
  const setStake = useMatchStore((state) => state.setStake);
  const setPrice = useMatchStore((state) => state.setPrice);
  const clearSlip = useMatchStore((state) => state.clearSlip);
  const submit = useSubmitBet();
  const { selection, stake, submitting, rejection } = slip;
  if (!selection) {
    return <Typography sx={{ p: 1.5, fontSize: 13, color: 'text.secondary' }}>Select a price to place a bet.</Typography>;
  }
  const { exchange } = selection;
  const { profit, liability } = preview(selection.gtype, selection.side, selection.price, stake, selection.size);
  return (
    <StakePanel
      title={selection.sectionName}
      subtitle={selection.marketName}
      side={selection.side}
      rate={selection.price}
      rateControl={exchange ? <LadderPriceField price={selection.price} onChange={setPrice} /> : undefined}
      extra={
        <>
          {rejection && <Rejection reason={rejection} />}
          {exchange && <OrderOptions />}
          {takesOddsSetting(selection) && <OddsSetting />}
        </>
      }
      stake={stake}
      buttons={buttons}
      profit={profit}
      liability={liability}
      min={selection.min}
      max={selection.max}
      canSubmit={canSubmit(slip)}
      submitting={submitting}
      onStakeChange={setStake}
      onQuickAdd={addStake}
      onClear={() => setStake(0)}
      onReset={clearSlip}
      onSubmit={() => void submit()}
    />
  );
}

export function BetSlip({ buttons, sheet }: { buttons: QuickButton[]; sheet: boolean }) {
  const hasSelection = useMatchStore((state) => state.slip.selection !== null);
  const clearSlip = useMatchStore((state) => state.clearSlip);
  return (
    <PlaceBetFrame sheet={sheet} open={hasSelection} onClose={clearSlip}>
      <SlipBody buttons={buttons} />
    </PlaceBetFrame>
  );
}
