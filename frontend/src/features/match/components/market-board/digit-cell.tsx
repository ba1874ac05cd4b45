import { Box, Typography } from '@mui/material';
import type { Market, Section } from '@/types';
import { OddsCell } from '@/components/odds-cell';
import { isBettable, isSectionBettable } from '../../model/bet-rules';
import { selectOdds } from '../../hooks/use-bet-actions';
import { useMatchStore } from '../../stores/match-store';
import { levelOf } from './columns';
import { selectSelectedSide } from './selected-side';
import { statusOverlay } from '../../model/status-overlay';
import { OverlayCover } from './overlay-cover';

/** One digit of cricket casino: its back price, or its status over it when it is not open. */
export function DigitCell({ market, section, compact }: { market: Market; section: Section; compact: boolean }) {
  const selectedSide = useMatchStore(selectSelectedSide(market.mid, section.sid));
  const open = isSectionBettable(market, section);
  const level = levelOf(section, 'back', 0);
  const result = useMatchStore((state) => state.settled[market.mid]);
  return (
    <Box data-testid={`row-${market.mid}-${section.sid}`} sx={{ position: 'relative', textAlign: 'center' }}>
      <Typography sx={{ fontSize: 12, fontWeight: 700, py: 0.25 }}>{section.nat}</Typography>
      <Box aria-hidden={!open} sx={{ visibility: open ? 'visible' : 'hidden' }}>
        <OddsCell
        side="back"
        odds={level?.odds ?? 0}
        size={level?.size}
        compact={compact}
        selected={selectedSide === 'back'}
        onSelect={open && level ? () => selectOdds(market, section, 'back', level.odds, level.size) : undefined}
      />
      </Box>
      {!open && (
        <Box sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, top: 22 }}>
          <OverlayCover overlay={statusOverlay(isBettable(market.status) ? section.gstatus : market.status, section, result)} compact />
        </Box>
      )}
    </Box>
  );
}
