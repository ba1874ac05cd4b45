// The sports place-bet panel (spec §4, §5, §9): the match store's slip through the shared
// stake panel (selected price, numeric stake, quick-stake buttons, Clear, preview, Reset,
// Submit). A right-hand panel on desktop and a bottom sheet on small screens.
import { Typography } from '@mui/material';
import type { Button as QuickButton } from '@/types';
import { PlaceBetFrame, StakePanel } from '@/components/stake-panel';
import { canSubmit, preview } from '../model/slip';
import { useSubmitBet } from '../hooks/use-bet-actions';
import { selectSlip, useMatchStore } from '../stores/match-store';

function SlipBody({ buttons }: { buttons: QuickButton[] }) {
  const slip = useMatchStore(selectSlip);
  const addStake = useMatchStore((state) => state.addStake);
  const setStake = useMatchStore((state) => state.setStake);
  const clearSlip = useMatchStore((state) => state.clearSlip);
  const submit = useSubmitBet();
  const { selection, stake, submitting } = slip;
  if (!selection) {
    return <Typography sx={{ p: 1.5, fontSize: 13, color: 'text.secondary' }}>Select a price to place a bet.</Typography>;
  }
  const { profit, liability } = preview(selection.gtype, selection.side, selection.price, stake, selection.size);
  return (
    <StakePanel
      title={selection.sectionName}
      subtitle={selection.marketName}
      side={selection.side}
      rate={selection.price}
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
