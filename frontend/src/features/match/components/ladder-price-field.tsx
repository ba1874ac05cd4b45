// An exchange price: typed (any ladder price) or stepped up and down the ladder. The bet slip's
// price on match-odds markets and My Bet's edit-price control.
import { useState } from 'react';
import { Box, IconButton, InputBase } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import ArrowDropUpIcon from '@mui/icons-material/ArrowDropUp';
import { parseStakeText } from '@/components/stake-panel';
import { formatPrice } from '../model/order-outcome';
import { stepPrice } from '../model/ladder';

export type LadderPriceFieldProps = {
  price: number;
  onChange: (price: number) => void;
  /** The input's accessible name; the buttons are "{label} up" and "{label} down". */
  label?: string;
  /** Narrower, for a row of My Bet. */
  dense?: boolean;
};

const STEP_SX = { p: 0, borderRadius: 0.5, height: '50%', width: 22, color: 'inherit', bgcolor: 'rgba(255,255,255,0.45)', '&:hover': { bgcolor: 'rgba(255,255,255,0.7)' } } as const;

export function LadderPriceField({ price, onChange, label = 'Odds', dense = false }: LadderPriceFieldProps) {
  const [text, setText] = useState(price > 0 ? formatPrice(price) : '');
  const [shown, setShown] = useState(price);
  // Follow prices set elsewhere (the buttons, a new selection) without rewriting what is typed:
  // adjusted while rendering, so the field never shows the old price for a frame.
  if (price !== shown) {
    setShown(price);
    if (parseStakeText(text) !== price) setText(price > 0 ? formatPrice(price) : '');
  }
  const height = dense ? 28 : 34;
  return (
    <Box sx={{ display: 'flex', alignItems: 'stretch', gap: '2px', height, flexShrink: 0 }}>
      <InputBase
        value={text}
        placeholder="Price"
        onChange={(event) => {
          const cleaned = event.target.value.replace(/[^\d.]/g, '');
          setText(cleaned);
          onChange(parseStakeText(cleaned));
        }}
        inputProps={{ 'aria-label': label, inputMode: 'decimal' }}
        sx={{ width: dense ? 52 : 62, px: 0.75, bgcolor: '#fff', color: '#111', borderRadius: 0.5, fontWeight: 700, fontSize: dense ? 13 : 15 }}
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: '2px' }}>
        <IconButton aria-label={`${label} up`} size="small" onClick={() => onChange(stepPrice(price, true))} sx={STEP_SX}>
          <ArrowDropUpIcon fontSize="small" />
        </IconButton>
        <IconButton aria-label={`${label} down`} size="small" onClick={() => onChange(stepPrice(price, false))} sx={STEP_SX}>
          <ArrowDropDownIcon fontSize="small" />
        </IconButton>
      </Box>
    </Box>
  );
}
