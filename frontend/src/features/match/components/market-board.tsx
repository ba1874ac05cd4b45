// Every market of the match as dense exchange tables (spec §2, §4): one table per runner market
// (match odds, bookmaker, cricket casino) and one per line type (fancy with No/Yes, fancy1, odd
// even, meter, khado). Up to 3 levels a side with the best prices in the middle; a section that
// is not ACTIVE/OPEN shows its status instead of prices, over the cells.
import { memo, useMemo, useState, type ReactNode } from 'react';
import { Box, Button, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { Market, MarketType, RunRow, Section, SectionBook, Side } from '@/types';
import { OddsCell } from '@/components/odds-cell';
import { formatFixed } from '@/utils/format';
import { isBettable, isSectionBettable, sharedStakeLimits, stakeLimits } from '../model/bet-rules';
import { selectBook, selectMarket, useMatchStore, type MatchStore } from '../stores/match-store';
import { selectOdds } from '../hooks/use-bet-actions';
import { RunAmountDialog } from './run-amount-dialog';
import { projectedRunAmount, projectedRunner } from '../model/slip';

type Column = { side: Side; tno: number; label?: string };

const TYPE_ORDER: MarketType[] = ['match', 'match1', 'fancy', 'fancy1', 'oddeven', 'meter', 'khado', 'cricketcasino'];
const RUNNER_TYPES = new Set<MarketType>(['match', 'match1', 'cricketcasino']);
const GROUP_TITLES: Partial<Record<MarketType, string>> = { fancy: 'Fancy', fancy1: 'Fancy1', oddeven: 'Odd Even', meter: 'Meter', khado: 'Khado' };
const RUN_BOOK_TYPES = new Set<MarketType>(['fancy', 'meter', 'khado']);
const NO_ROWS: RunRow[] = [];

function columnsFor(gtype: MarketType, compact: boolean): Column[] {
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
function levelOf(section: Section, side: Side, tno: number) {
  const levels = section.odds.filter((level) => level.otype === side);
  return levels.find((level) => level.tno === tno) ?? (tno === 0 ? levels[0] : undefined);
}

const CELL_W = { compact: 52, wide: 60 };

function limitsLabel(min: number, max: number): string {
  const parts = [min > 0 ? `Min: ${formatFixed(min)}` : '', max > 0 ? `Max: ${formatFixed(max)}` : ''].filter(Boolean);
  return parts.join(' | ');
}

/** What this runner's book would be if the slip's bet were matched, as the player types (liveBook). */
function ProjectedBook({ mid, sid, today }: { mid: number; sid: number; today: number }) {
  const projected = useMatchStore((state) => projectedRunner(state.slip, mid, sid, today));
  if (projected === null) return null;
  return (
    <Typography data-testid="projected-book" aria-label={`if matched ${formatFixed(projected)}`} sx={{ fontSize: 11, fontWeight: 700, color: projected >= 0 ? 'success.light' : 'error.light' }}>
      » {formatFixed(projected)}
    </Typography>
  );
}

/** Today's Run Amount of a line plus the slip's bet, as the player types (liveBook for lines):
 * the worst case beside the line and the whole table in its Book dialog. */
function useProjectedRuns(mid: number, sid: number, today: RunRow[], width: number): RunRow[] | null {
  const slip = useMatchStore((state) => state.slip);
  return useMemo(() => projectedRunAmount(slip, mid, sid, today, width), [slip, mid, sid, today, width]);
}

function worstOf(rows: RunRow[]): number {
  return Math.min(...rows.map((row) => row.profitLoss));
}

const selectSelectedSide =
  (mid: number, sid: number) =>
  (state: MatchStore): Side | null => {
    const selection = state.slip.selection;
    return selection && selection.marketId === mid && selection.sectionId === sid ? selection.side : null;
  };

type RowProps = { market: Market; section: Section; columns: Column[]; compact: boolean; book: SectionBook | undefined; showLimits: boolean; runner: boolean };

const OddsRow = memo(function OddsRow({ market, section, columns, compact, book, showLimits, runner }: RowProps) {
  const selectedSide = useMatchStore(selectSelectedSide(market.mid, section.sid));
  const [runsOpen, setRunsOpen] = useState(false);
  const open = isSectionBettable(market, section);
  const status = !isBettable(market.status) ? market.status : section.gstatus;
  const { min, max } = stakeLimits(market, section);
  const cellW = compact ? CELL_W.compact : CELL_W.wide;
  const runBook = RUN_BOOK_TYPES.has(market.gtype);
  const projectedRuns = useProjectedRuns(market.mid, section.sid, runBook ? (book?.calcTable ?? NO_ROWS) : NO_ROWS, section.width ?? 0);
  const hasRunBook = runBook && ((book?.calcTable.length ?? 0) > 0 || projectedRuns !== null);
  const label = market.gtype === 'khado' && section.width ? `${section.nat} (${levelOf(section, 'back', 0)?.odds ?? '-'}-${(levelOf(section, 'back', 0)?.odds ?? 0) + section.width - 1})` : section.nat;
  return (
    <Box
      data-testid={`row-${market.mid}-${section.sid}`}
      sx={{ display: 'flex', alignItems: 'stretch', borderBottom: 1, borderColor: 'divider', minHeight: compact ? 38 : 42 }}
    >
      <Box sx={{ flex: 1, minWidth: 0, px: 1, py: 0.25, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
        <Typography sx={{ fontSize: compact ? 12 : 13, fontWeight: 600, lineHeight: 1.2, overflow: 'hidden', textOverflow: 'ellipsis' }}>{label}</Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {runner && book && (
            <Typography data-testid="runner-book" sx={{ fontSize: 11, fontWeight: 700, color: book.amount >= 0 ? 'success.light' : 'error.light' }}>
              {formatFixed(book.amount)}
            </Typography>
          )}
          {runner && <ProjectedBook mid={market.mid} sid={section.sid} today={book?.amount ?? 0} />}
          {hasRunBook && (
            <Button size="small" variant="text" onClick={() => setRunsOpen(true)} sx={{ minWidth: 0, p: 0, fontSize: 11, lineHeight: 1.2 }}>
              Book
            </Button>
          )}
          {projectedRuns && (
            <Typography
              data-testid="projected-run-book"
              aria-label={`worst case if matched ${formatFixed(worstOf(projectedRuns))}`}
              sx={{ fontSize: 11, fontWeight: 700, color: worstOf(projectedRuns) >= 0 ? 'success.light' : 'error.light' }}
            >
              » {formatFixed(worstOf(projectedRuns))}
            </Typography>
          )}
          {showLimits && compact && limitsLabel(min, max) && (
            <Typography sx={{ fontSize: 10, color: 'text.secondary' }}>{limitsLabel(min, max)}</Typography>
          )}
        </Box>
      </Box>
      <Box sx={{ position: 'relative', display: 'flex', gap: '2px', py: '2px' }}>
        {columns.map((column) => {
          const level = levelOf(section, column.side, column.tno);
          return (
            <Box key={`${column.side}${column.tno}`} sx={{ width: cellW, opacity: column.tno === 0 ? 1 : 0.85 }}>
              <OddsCell
                side={column.side}
                odds={level?.odds ?? 0}
                size={level?.size}
                compact={compact}
                selected={selectedSide === column.side && column.tno === 0}
                onSelect={open && level ? () => selectOdds(market, section, column.side, level.odds, level.size) : undefined}
              />
            </Box>
          );
        })}
        {!open && (
          <Box
            data-testid="status-overlay"
            aria-label={status}
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              bgcolor: 'rgba(20,20,20,0.78)',
              color: status === 'SUSPENDED' ? 'error.light' : 'warning.light',
              fontWeight: 700,
              fontSize: compact ? 11 : 12,
              letterSpacing: 0.5,
              textTransform: 'uppercase',
            }}
          >
            {status}
          </Box>
        )}
      </Box>
      {showLimits && !compact && (
        <Box sx={{ width: 110, px: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center', fontSize: 10, color: 'text.secondary', lineHeight: 1.3 }}>
          {min > 0 && <span>Min: {formatFixed(min)}</span>}
          {max > 0 && <span>Max: {formatFixed(max)}</span>}
        </Box>
      )}
      {runsOpen && <RunAmountDialog title={section.nat} rows={book?.calcTable ?? NO_ROWS} projected={projectedRuns} onClose={() => setRunsOpen(false)} />}
    </Box>
  );
});

function HeaderRow({ columns, compact, showLimits }: { columns: Column[]; compact: boolean; showLimits: boolean }) {
  const cellW = compact ? CELL_W.compact : CELL_W.wide;
  return (
    <Box sx={{ display: 'flex', borderBottom: 1, borderColor: 'divider', fontSize: 11, fontWeight: 700, color: 'text.secondary' }}>
      <Box sx={{ flex: 1 }} />
      <Box sx={{ display: 'flex', gap: '2px' }}>
        {columns.map((column) => (
          <Box key={`${column.side}${column.tno}`} sx={{ width: cellW, textAlign: 'center', py: 0.25, color: column.label ? `${column.side}.main` : 'transparent' }}>
            {column.label ?? '.'}
          </Box>
        ))}
      </Box>
      {showLimits && !compact && <Box sx={{ width: 110 }} />}
    </Box>
  );
}

function MarketFrame({ title, limits, mid, children }: { title: string; limits?: string; mid?: number; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} data-testid={mid !== undefined ? `market-${mid}` : undefined} sx={{ mb: 1, bgcolor: 'background.paper', borderRadius: 1, overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 1, py: 0.5, bgcolor: 'header.main', color: 'header.contrastText' }}>
        <Typography component="h2" sx={{ fontSize: 13, fontWeight: 700 }}>
          {title}
        </Typography>
        {limits && <Typography sx={{ fontSize: 11, opacity: 0.9, whiteSpace: 'nowrap' }}>{limits}</Typography>}
      </Box>
      {children}
    </Box>
  );
}

function DigitCell({ market, section, compact }: { market: Market; section: Section; compact: boolean }) {
  const selectedSide = useMatchStore(selectSelectedSide(market.mid, section.sid));
  const open = isSectionBettable(market, section);
  const level = levelOf(section, 'back', 0);
  return (
    <Box data-testid={`row-${market.mid}-${section.sid}`} sx={{ position: 'relative', textAlign: 'center' }}>
      <Typography sx={{ fontSize: 12, fontWeight: 700, py: 0.25 }}>{section.nat}</Typography>
      <OddsCell
        side="back"
        odds={level?.odds ?? 0}
        size={level?.size}
        compact={compact}
        selected={selectedSide === 'back'}
        onSelect={open && level ? () => selectOdds(market, section, 'back', level.odds, level.size) : undefined}
      />
      {!open && (
        <Box data-testid="status-overlay" sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'rgba(20,20,20,0.78)', color: 'error.light', fontSize: 10, fontWeight: 700 }}>
          {isBettable(market.status) ? section.gstatus : market.status}
        </Box>
      )}
    </Box>
  );
}

/** Cricket casino: the ten last-digit selections as a grid of back prices. */
function DigitGrid({ market, compact }: { market: Market; compact: boolean }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: compact ? 'repeat(5, 1fr)' : 'repeat(10, 1fr)', gap: '2px', p: '2px' }}>
      {market.section.map((section) => (
        <DigitCell key={section.sid} market={market} section={section} compact={compact} />
      ))}
    </Box>
  );
}

/** One runner market: match odds, bookmaker or cricket casino. */
function RunnerMarket({ mid, compact }: { mid: number; compact: boolean }) {
  const market = useMatchStore(selectMarket(mid));
  const books = useMatchStore(selectBook(mid));
  if (!market) return null;
  const columns = columnsFor(market.gtype, compact);
  const limits = sharedStakeLimits(market);
  return (
    <MarketFrame title={market.mname} limits={limits ? limitsLabel(limits.min, limits.max) : undefined} mid={mid}>
      {market.gtype === 'cricketcasino' ? (
        <DigitGrid market={market} compact={compact} />
      ) : (
        <>
          <HeaderRow columns={columns} compact={compact} showLimits={false} />
          {market.section.map((section) => (
            <OddsRow key={section.sid} market={market} section={section} columns={columns} compact={compact} book={books?.[section.sid]} showLimits={false} runner />
          ))}
        </>
      )}
    </MarketFrame>
  );
}

/** The rows of one line market inside its type's table. */
function LineMarketRows({ mid, compact }: { mid: number; compact: boolean }) {
  const market = useMatchStore(selectMarket(mid));
  const books = useMatchStore(selectBook(mid));
  if (!market) return null;
  const columns = columnsFor(market.gtype, compact);
  return (
    <Box data-testid={`market-${mid}`} aria-label={market.mname} role="group">
      {market.section.map((section) => (
        <OddsRow key={section.sid} market={market} section={section} columns={columns} compact={compact} book={books?.[section.sid]} showLimits runner={false} />
      ))}
    </Box>
  );
}

type Group = { key: string; gtype: MarketType; mids: number[] };

/** Runner markets one table each, line markets one table per type; by type, then by market id. */
export function groupMarkets(markets: Array<{ mid: number; gtype: MarketType }>): Group[] {
  const groups: Group[] = [];
  for (const gtype of TYPE_ORDER) {
    const ofType = markets.filter((market) => market.gtype === gtype).sort((a, b) => a.mid - b.mid);
    if (ofType.length === 0) continue;
    if (RUNNER_TYPES.has(gtype)) ofType.forEach((market) => groups.push({ key: `m${market.mid}`, gtype, mids: [market.mid] }));
    else groups.push({ key: gtype, gtype, mids: ofType.map((market) => market.mid) });
  }
  return groups;
}

// The list of (mid, type) as one string: it changes only when markets come or go, not on prices.
const selectLayoutKey = (state: MatchStore): string => state.marketIds.map((mid) => `${mid}:${state.byId[mid]?.gtype ?? ''}`).join(',');

export function MarketBoard() {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const layoutKey = useMatchStore(selectLayoutKey);
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
          <MarketFrame key={group.key} title={GROUP_TITLES[group.gtype] ?? group.gtype}>
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
