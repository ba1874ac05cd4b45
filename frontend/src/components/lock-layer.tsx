// A group of bet cells that locks as one layer (a casino table's bet group or board while betting
// is closed). The group is a fieldset: disabled, it disables every cell inside at once, so a round
// closing and opening changes one attribute and renders no cell. The lock is shown by veils
// (`LockVeil`: a board dimmed, a row of price cells with a lock in each in place of its price)
// drawn once on layers of their own that the fieldset's state fades in by opacity alone: at a
// table's ×20 a round closes and opens about every 1.5 s, and a change of the cells' own look
// repainted the whole betting area each time, where a change of opacity is the compositor's. A
// cell that won or is selected (`LIFTED`) is lifted above the veil, so it stays lit while the
// rest are locked.
import { type ReactNode } from 'react';
import { styled } from '@mui/material/styles';
import LockIcon from '@mui/icons-material/Lock';

/** The fieldset of a group that locks as one layer; boards drawn as their own fieldset take
 * these styles and a `LockVeil` as their last child. */
export const LOCK_LAYER = { position: 'relative', margin: 0, padding: 0, border: 0, minWidth: 0 } as const;

const LayerFieldset = styled('fieldset')(LOCK_LAYER);

const Veil = styled('span')(({ theme }) => ({
  position: 'absolute',
  inset: 0,
  zIndex: 1,
  pointerEvents: 'none',
  borderRadius: 'inherit',
  backgroundColor: 'rgba(10,10,10,0.45)',
  // Shown while the fieldset is disabled; drawn (and rastered) once, faded by the compositor.
  opacity: 0,
  willChange: 'opacity',
  'fieldset:disabled &': { opacity: 1 },
  // Over a row of price cells: each cell's lock in the cell's colour, in place of its price.
  '&[data-cells="true"]': { display: 'flex', gap: '2px', backgroundColor: 'transparent' },
  '& > span': { flex: 1, minWidth: 0, display: 'grid', placeItems: 'center' },
  '& > span[data-side="back"]': { backgroundColor: theme.palette.back.main, color: theme.palette.back.contrastText },
  '& > span[data-side="lay"]': { backgroundColor: theme.palette.lay.main, color: theme.palette.lay.contrastText },
}));

/** The lock drawn over a board (dimmed) or, given its cells' sides, over a row of price cells (a
 * lock in each), shown while the fieldset around it is disabled (see the header). Its parent is
 * positioned. */
export function LockVeil({ cells }: { cells?: ReadonlyArray<'back' | 'lay'> }) {
  return (
    <Veil data-testid="lock-veil" data-cells={cells ? 'true' : undefined} aria-hidden>
      {cells?.map((side, index) => (
        <span key={index} data-side={side}>
          <LockIcon fontSize="small" />
        </span>
      ))}
    </Veil>
  );
}

/** Locks every cell inside it while `locked` (see the header). */
export function LockLayer({ locked, children }: { locked: boolean; children: ReactNode }) {
  return (
    <LayerFieldset data-lock-layer="true" data-locked={locked ? 'true' : 'false'} disabled={locked}>
      {children}
    </LayerFieldset>
  );
}

/** A cell that won or is selected, in a lock layer (the cell `position: relative`): it sits above
 * the veil, lit while the rest are locked, on a small layer of its own, so lifting it repaints the
 * cell alone. */
export const LIFTED = { zIndex: 2, willChange: 'opacity' } as const;
