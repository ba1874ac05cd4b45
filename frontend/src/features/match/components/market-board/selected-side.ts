// The side of a section the slip has selected, read by that section's cells only.
import type { Side } from '@/types';
import type { MatchStore } from '../../stores/match-store';

export const selectSelectedSide =
  (mid: number, sid: number) =>
  (state: MatchStore): Side | null => {
    const selection = state.slip.selection;
    return selection && selection.marketId === mid && selection.sectionId === sid ? selection.side : null;
  };
