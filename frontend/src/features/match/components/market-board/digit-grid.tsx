import { Box } from '@mui/material';
import type { Market } from '@/types';
import { DigitCell } from './digit-cell';

/** Cricket casino: the ten last-digit selections as a grid of back prices. */
export function DigitGrid({ market, compact }: { market: Market; compact: boolean }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: compact ? 'repeat(5, 1fr)' : 'repeat(10, 1fr)', gap: '2px', p: '2px' }}>
      {market.section.map((section) => (
        <DigitCell key={section.sid} market={market} section={section} compact={compact} />
      ))}
    </Box>
  );
}
