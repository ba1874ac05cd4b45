// The casino place-bet panel (spec §4, §5, §9) on the shared stake panel: the selected item and
// rate, a digits-only stake with the casino quick-stake buttons, Clear, Reset, Submit and the
// profit preview. Submit also waits for the selected item to take bets (not while dealing).
import { Typography } from '@mui/material';
import type { Button as QuickButton } from '@/types';
import { PlaceBetFrame, StakePanel } from '@/components/stake-panel';
import { canSubmit, preview } from '../model/slip';
import { isSelectionOpen, useSubmitCasinoBet } from '../hooks/use-bet-actions';
import { selectEname, selectItems, selectSlip, useCasinoStore } from '../stores/casino-store';

function SlipBody({ buttons }: { buttons: ReadonlyArray<QuickButton> }) {
  const slip = useCasinoStore(selectSlip);
  const items = useCasinoStore(selectItems);
  const ename = useCasinoStore(selectEname);
  const { setStake, addStake, clearSlip } = useCasinoStore.getState();
  const submit = useSubmitCasinoBet();
  const { selection, stake, submitting } = slip;
  if (!selection) {
    return <Typography sx={{ p: 1.5, fontSize: 13, color: 'text.secondary' }}>Select a rate to place a bet.</Typography>;
  }
  const { profit, liability } = preview(selection.side, selection.rate, stake);
  return (
    <StakePanel
      title={selection.nat}
      subtitle={ename}
      side={selection.side}
      rate={selection.rate}
      stake={stake}
      buttons={buttons}
      profit={profit}
      liability={liability}
      min={selection.min}
      max={selection.max}
      canSubmit={canSubmit(slip, isSelectionOpen(items, selection.sid))}
      submitting={submitting}
      wholeNumbers
      onStakeChange={setStake}
      onQuickAdd={addStake}
      onClear={() => setStake(0)}
      onReset={clearSlip}
      onSubmit={() => void submit()}
    />
  );
}

export function CasinoBetSlip({ buttons, sheet }: { buttons: ReadonlyArray<QuickButton>; sheet: boolean }) {
  const hasSelection = useCasinoStore((state) => state.slip.selection !== null);
  const clearSlip = useCasinoStore((state) => state.clearSlip);
  return (
    <PlaceBetFrame sheet={sheet} open={hasSelection} onClose={clearSlip}>
      <SlipBody buttons={buttons} />
    </PlaceBetFrame>
  );
}
