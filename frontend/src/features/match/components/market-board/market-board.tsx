// Every market of the match as dense exchange tables (spec §2, §4): one table per runner market
// (match odds, bookmaker, cricket casino) and one per line type (fancy with No/Yes, fancy1, odd
// even, meter, khado). Up to 3 levels a side with the best prices in the middle; a section that
// is not ACTIVE/OPEN shows its status instead of prices, over the cells.
import { useMemo } from 'react';
import { Box, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { MarketType } from '@/types';
import { useMatchStore, type MatchStore } from '../../stores/match-store';
import { columnsFor } from './columns';
import { groupMarkets, RUNNER_TYPES } from './group-markets';
import { HeaderRow } from './header-row';
import { LineMarketRows } from './line-market-rows';
import { MarketFrame } from './market-frame';
import { RunnerMarket } from './runner-market';

const GROUP_TITLES: Partial<Record<MarketType, string>> = { fancy: 'Fancy', fancy1: 'Fancy1', oddeven: 'Odd Even', meter: 'Meter', khado: 'Khado' };

// The list of (mid, type) as one string: it changes only when markets come or go, not on prices.
const selectLayoutKey = (state: MatchStore): string => state.marketIds.map((mid) => `${mid}:${state.byId[mid]?.gtype ?? ''}`).join(',');

export function MarketBoard() {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const layoutKey = useMatchStore(selectLayoutKey);
  // A race's place market is its own table, named as the feed names it ("Place (top 2)").
  const raceTitle = useMatchStore((state) => (state.scoreboard?.tracker?.sport === 'race' ? Object.values(state.byId).find((m) => m?.gtype === 'fancy1')?.mname : undefined));
  const groups = useMemo(
    () =>
      groupMarkets(
        layoutKey
          .split(',')
          .filter(Boolean)
          .map((entry) => {
            const [mid, gtype] = entry.split(':');
            return { mid: Number(mid), gtype: gtype as MarketType };
          }),
      ),
    [layoutKey],
  );
  if (groups.length === 0) {
    return <Typography sx={{ p: 2, color: 'text.secondary' }}>No data available</Typography>;
  }
  return (
    <Box>
      {groups.map((group) =>
        RUNNER_TYPES.has(group.gtype) ? (
          <RunnerMarket key={group.key} mid={group.mids[0] as number} compact={compact} />
        ) : (
          <MarketFrame key={group.key} title={(group.gtype === 'fancy1' && raceTitle) || (GROUP_TITLES[group.gtype] ?? group.gtype)}>
            <HeaderRow columns={columnsFor(group.gtype, compact)} compact={compact} showLimits />
            {group.mids.map((mid) => (
              <LineMarketRows key={mid} mid={mid} compact={compact} />
            ))}
          </MarketFrame>
        ),
      )}
    </Box>
  );
}
