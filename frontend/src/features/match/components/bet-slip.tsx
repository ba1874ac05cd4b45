// The place-bet panel (spec §4, §5, §9): the selected price, a numeric stake with the user's
// quick-stake buttons, Clear, the profit/liability preview, Reset and Submit. A right-hand panel
// on desktop and a bottom sheet on small screens.
import { useEffect, useState } from 'react';
import { Box, Button, CircularProgress, Dialog, InputBase, Typography } from '@mui/material';
import type { Button as QuickButton } from '@/types';
import { formatFixed } from '@/utils/format';
import { canSubmit, parseStake, preview } from '../model/slip';
import { useSubmitBet } from '../hooks/use-bet-actions';
import { selectSlip, useMatchStore } from '../stores/match-store';

function StakeInput({ stake }: { stake: number }) {
  const setStake = useMatchStore((state) => state.setStake);
  const [text, setText] = useState(stake > 0 ? String(stake) : '');
  useEffect(() => {
    setText((current) => (parseStake(current) === stake ? current : stake > 0 ? String(stake) : ''));
  }, [stake]);
  return (
    <InputBase
      value={text}
      placeholder="0"
      onChange={(event) => {
        const cleaned = event.target.value.replace(/[^\d.]/g, '');
        setText(cleaned);
        setStake(parseStake(cleaned));
      }}
      inputProps={{ 'aria-label': 'Stake', inputMode: 'decimal' }}
      sx={{ flex: 1, px: 1, height: 34, bgcolor: '#fff', color: '#111', borderRadius: 0.5, fontWeight: 700, fontSize: 15 }}
    />
  );
}

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
  const tone = selection.side === 'back' ? 'back' : 'lay';
  return (
    <Box data-testid="bet-slip" data-side={selection.side} sx={(theme) => ({ p: 1, bgcolor: theme.palette[tone].main, color: theme.palette[tone].contrastText })}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 700, fontSize: 14 }}>{selection.sectionName}</Typography>
        <Typography sx={{ fontSize: 12, textTransform: 'uppercase', fontWeight: 700 }}>{selection.side}</Typography>
      </Box>
      <Typography sx={{ fontSize: 12, mb: 0.5 }}>{selection.marketName}</Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
        <Box sx={{ width: 80, height: 34, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'rgba(255,255,255,0.6)', borderRadius: 0.5, fontWeight: 700 }} aria-label="Odds">
          {selection.price}
        </Box>
        <StakeInput stake={stake} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 0.5, mb: 1 }}>
        {buttons.map((button) => (
          <Button key={`${button.label}-${button.value}`} size="small" variant="contained" color="inherit" onClick={() => addStake(button.value)} sx={{ bgcolor: '#1d2733', color: '#fff', minWidth: 0, py: 0.25, fontSize: 12, '&:hover': { bgcolor: '#2c3a4a' } }}>
            {button.label}
          </Button>
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', fontSize: 12, mb: 1 }}>
        <span>
          Profit: <b data-testid="slip-profit">{formatFixed(profit)}</b>
        </span>
        <span>
          Liability: <b data-testid="slip-liability">{formatFixed(liability)}</b>
        </span>
      </Box>
      {(selection.min > 0 || selection.max > 0) && (
        <Typography sx={{ fontSize: 11, mb: 1 }}>
          {selection.min > 0 && `Min: ${formatFixed(selection.min)} `}
          {selection.max > 0 && `Max: ${formatFixed(selection.max)}`}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 0.5 }}>
        <Button size="small" variant="contained" color="inherit" onClick={() => setStake(0)} sx={{ bgcolor: '#5a6570', color: '#fff' }}>
          Clear
        </Button>
        <Button size="small" variant="contained" color="error" onClick={clearSlip}>
          Reset
        </Button>
        <Button
          size="small"
          variant="contained"
          color="success"
          disabled={!canSubmit(slip)}
          onClick={() => void submit()}
          sx={{ flex: 1, bgcolor: '#1f7a3d', color: '#fff', '&.Mui-disabled': { bgcolor: 'rgba(0,0,0,0.28)', color: 'rgba(255,255,255,0.7)' } }}
          startIcon={submitting ? <CircularProgress size={14} color="inherit" /> : undefined}
        >
          Submit
        </Button>
      </Box>
    </Box>
  );
}

export function BetSlip({ buttons, sheet }: { buttons: QuickButton[]; sheet: boolean }) {
  const hasSelection = useMatchStore((state) => state.slip.selection !== null);
  const clearSlip = useMatchStore((state) => state.clearSlip);
  if (sheet) {
    return (
      <Dialog
        open={hasSelection}
        onClose={clearSlip}
        fullWidth
        aria-label="Place Bet"
        sx={{ '& .MuiDialog-container': { alignItems: 'flex-end' } }}
        slotProps={{ paper: { sx: { m: 0, width: '100%', maxWidth: '100%', borderRadius: '8px 8px 0 0' } } }}
      >
        <Box sx={{ px: 1, py: 0.75, bgcolor: 'header.main', color: 'header.contrastText', fontWeight: 700, fontSize: 14 }}>Place Bet</Box>
        <SlipBody buttons={buttons} />
      </Dialog>
    );
  }
  return (
    <Box component="section" aria-label="Place Bet" sx={{ bgcolor: 'background.paper', borderRadius: 1, overflow: 'hidden', mb: 1 }}>
      <Box sx={{ px: 1, py: 0.75, bgcolor: 'header.main', color: 'header.contrastText', fontWeight: 700, fontSize: 14 }}>Place Bet</Box>
      <SlipBody buttons={buttons} />
    </Box>
  );
}
