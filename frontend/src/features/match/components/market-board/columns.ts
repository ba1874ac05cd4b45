// What a market table's columns are and what its cells show: the levels of each side a market
// type has, the level a cell reads, the cells' width and the stake limits' text.
import type { MarketType, Section, Side } from '@/types';
import { formatFixed } from '@/utils/format';

export type Column = { side: Side; tno: number; label?: string };

export const CELL_W = { compact: 52, wide: 60 };

export function columnsFor(gtype: MarketType, compact: boolean): Column[] {
  switch (gtype) {
    case 'match':
    case 'match1':
      return compact
        ? [{ side: 'back', tno: 0, label: 'Back' }, { side: 'lay', tno: 0, label: 'Lay' }]
        : [
            { side: 'back', tno: 2 },
            { side: 'back', tno: 1 },
            { side: 'back', tno: 0, label: 'Back' },
            { side: 'lay', tno: 0, label: 'Lay' },
            { side: 'lay', tno: 1 },
            { side: 'lay', tno: 2 },
          ];
    case 'fancy':
    case 'meter':
      return [{ side: 'lay', tno: 0, label: 'No' }, { side: 'back', tno: 0, label: 'Yes' }];
    case 'fancy1':
    case 'oddeven':
      return [{ side: 'back', tno: 0, label: 'Back' }, { side: 'lay', tno: 0, label: 'Lay' }];
    default:
      return [{ side: 'back', tno: 0, label: 'Back' }];
  }
}

/** The level `tno` of a side; level 0 falls back to the first level of that side. */
export function levelOf(section: Section, side: Side, tno: number) {
  const levels = section.odds.filter((level) => level.otype === side);
  return levels.find((level) => level.tno === tno) ?? (tno === 0 ? levels[0] : undefined);
}

export function limitsLabel(min: number, max: number): string {
  const parts = [min > 0 ? `Min: ${formatFixed(min)}` : '', max > 0 ? `Max: ${formatFixed(max)}` : ''].filter(Boolean);
  return parts.join(' | ');
}
