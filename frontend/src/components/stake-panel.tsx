// The presentational place-bet panel shared by the sports and casino bet slips (spec §4, §5, §9):
// the selection and its rate, a numeric stake with the user's quick-stake buttons, the
// profit/liability preview, Min/Max, and Clear, Reset and Submit. It holds no bet state: each slip
// passes its values and handlers. `PlaceBetFrame` is the "Place Bet" box around it: a right-hand
// panel on wide screens, a bottom sheet on small ones.
import { useEffect, useState, type ReactNode } from 'react';
import { Box, Button, CircularProgress, Dialog, InputBase, Typography } from '@mui/material';
import type { Button as QuickButton, Side } from '@/types';
import { formatFixed } from '@/utils/format';

/** Keeps digits and (unless `wholeNumbers`) one decimal point; empty is 0. */
export function parseStakeText(raw: string, wholeNumbers = false): number {
  const cleaned = cleanStakeText(raw, wholeNumbers);
  const value = Number(cleaned);
  return cleaned !== '' && Number.isFinite(value) ? value : 0;
}

function cleanStakeText(raw: string, wholeNumbers: boolean): string {
  if (wholeNumbers) return raw.replace(/\D/g, '');
  const [whole = '', ...rest] = raw.replace(/[^\d.]/g, '').split('.');
  return rest.length ? `${whole}.${rest.join('')}` : whole;
}

type StakeInputProps = { stake: number; onChange: (stake: number) => void; wholeNumbers: boolean };

function StakeInput({ stake, onChange, wholeNumbers }: StakeInputProps) {
  const [text, setText] = useState(stake > 0 ? String(stake) : '');
  // Follow stake changes made elsewhere (quick buttons, Clear) without rewriting what is typed.
  useEffect(() => {
    setText((current) => (parseStakeText(current, wholeNumbers) === stake ? current : stake > 0 ? String(stake) : ''));
  }, [stake, wholeNumbers]);
  return (
    <InputBase
      value={text}
      placeholder="0"
      onChange={(event) => {
        const cleaned = wholeNumbers ? event.target.value.replace(/\D/g, '') : event.target.value.replace(/[^\d.]/g, '');
        setText(cleaned);
        onChange(parseStakeText(cleaned, wholeNumbers));
      }}
      inputProps={{ 'aria-label': 'Stake', inputMode: wholeNumbers ? 'numeric' : 'decimal' }}
      sx={{ flex: 1, px: 1, height: 34, bgcolor: '#fff', color: '#111', borderRadius: 0.5, fontWeight: 700, fontSize: 15 }}
    />
  );
}

export type StakePanelProps = {
  /** What is bet on (runner, line or casino item). */
  title: string;
  /** The market or round under the title. */
  subtitle?: string;
  side: Side;
  /** The rate the cell showed. */
  rate: number;
  stake: number;
  buttons: ReadonlyArray<QuickButton>;
  profit: number;
  liability: number;
  min: number;
  max: number;
  canSubmit: boolean;
  submitting: boolean;
  /** Digits only (casino); otherwise one decimal point is allowed too. */
  wholeNumbers?: boolean;
  /** An editable price in place of the cell's rate (an exchange order's limit price). */
  rateControl?: ReactNode;
  /** More of the bet above the buttons (an exchange order's persistence, a price's error). */
  extra?: ReactNode;
  onStakeChange: (stake: number) => void;
  onQuickAdd: (value: number) => void;
  onClear: () => void;
  onReset: () => void;
  onSubmit: () => void;
};

/** The quick stakes a bet here can be placed with on their own: none below the minimum stake or
 * above the maximum (a 25 button on a table whose minimum is 100 would only mislead). */
export function quickStakes(buttons: ReadonlyArray<QuickButton>, min: number, max: number): ReadonlyArray<QuickButton> {
  return buttons.filter((button) => (min <= 0 || button.value >= min) && (max <= 0 || button.value <= max));
}

export function StakePanel(props: StakePanelProps) {
  const { title, subtitle, side, rate, stake, buttons, profit, liability, min, max, canSubmit, submitting, wholeNumbers = false, rateControl, extra } = props;
  return (
    <Box data-testid="bet-slip" data-side={side} sx={(theme) => ({ p: 1, bgcolor: theme.palette[side].main, color: theme.palette[side].contrastText })}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 700, fontSize: 14 }}>{title}</Typography>
        <Typography sx={{ fontSize: 12, textTransform: 'uppercase', fontWeight: 700 }}>{side}</Typography>
      </Box>
      {subtitle && <Typography sx={{ fontSize: 12, mb: 0.5 }}>{subtitle}</Typography>}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
        {rateControl ?? (
          <Box sx={{ width: 80, height: 34, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'rgba(255,255,255,0.6)', borderRadius: 0.5, fontWeight: 700 }} aria-label="Odds">
            {rate}
          </Box>
        )}
        <StakeInput stake={stake} onChange={props.onStakeChange} wholeNumbers={wholeNumbers} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 0.5, mb: 1 }}>
        {quickStakes(buttons, min, max).map((button) => (
          <Button
            key={`${button.label}-${button.value}`}
            size="small"
            variant="contained"
            color="inherit"
            onClick={() => props.onQuickAdd(button.value)}
            sx={{ bgcolor: '#1d2733', color: '#fff', minWidth: 0, py: 0.25, fontSize: 12, '&:hover': { bgcolor: '#2c3a4a' } }}
          >
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
      {extra}
      {(min > 0 || max > 0) && (
        <Typography sx={{ fontSize: 11, mb: 1 }}>
          {min > 0 && `Min: ${formatFixed(min)} `}
          {max > 0 && `Max: ${formatFixed(max)}`}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 0.5 }}>
        <Button size="small" variant="contained" color="inherit" onClick={props.onClear} sx={{ bgcolor: '#5a6570', color: '#fff' }}>
          Clear
        </Button>
        <Button size="small" variant="contained" color="error" onClick={props.onReset}>
          Reset
        </Button>
        <Button
          size="small"
          variant="contained"
          color="success"
          disabled={!canSubmit}
          onClick={props.onSubmit}
          sx={{ flex: 1, bgcolor: '#1f7a3d', color: '#fff', '&.Mui-disabled': { bgcolor: 'rgba(0,0,0,0.28)', color: 'rgba(255,255,255,0.7)' } }}
          startIcon={submitting ? <CircularProgress size={14} color="inherit" /> : undefined}
        >
          Submit
        </Button>
      </Box>
    </Box>
  );
}

const HEADER_SX = { px: 1, py: 0.75, bgcolor: 'header.main', color: 'header.contrastText', fontWeight: 700, fontSize: 14 } as const;

export type PlaceBetFrameProps = {
  /** A bottom sheet (small screens) open while there is a selection, else an inline panel. */
  sheet: boolean;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
};

export function PlaceBetFrame({ sheet, open, onClose, children }: PlaceBetFrameProps) {
  if (sheet) {
    return (
      <Dialog
        open={open}
        onClose={onClose}
        fullWidth
        aria-label="Place Bet"
        sx={{ '& .MuiDialog-container': { alignItems: 'flex-end' } }}
        slotProps={{ paper: { sx: { m: 0, width: '100%', maxWidth: '100%', borderRadius: '8px 8px 0 0' } } }}
      >
        <Box sx={HEADER_SX}>Place Bet</Box>
        {children}
      </Dialog>
    );
  }
  return (
    <Box component="section" aria-label="Place Bet" sx={{ bgcolor: 'background.paper', borderRadius: 1, overflow: 'hidden', mb: 1 }}>
      <Box sx={HEADER_SX}>Place Bet</Box>
      {children}
    </Box>
  );
}
