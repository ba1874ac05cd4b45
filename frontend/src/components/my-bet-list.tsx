// My Bet (spec §2): the panel titled "My Bet (n)" that lists the user's bets beside a match or a
// casino table, back rows blue and lay rows pink. The feature says which columns it shows.
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { Side } from '@/types';
import type { DataColumn, RowKey } from './data-table';

export type MyBetListProps<T> = {
  bets: ReadonlyArray<T>;
  columns: ReadonlyArray<DataColumn<T>>;
  /** Extra attributes per row (`data-*` hooks for tests). */
  rowProps?: (bet: T) => Record<string, string>;
};

export function MyBetList<T extends { betId: RowKey; betType: Side }>({ bets, columns, rowProps }: MyBetListProps<T>) {
  return (
    <Box component="section" aria-label="My Bet" sx={{ bgcolor: 'background.paper', borderRadius: 1, overflow: 'hidden' }}>
      <Box sx={{ px: 1, py: 0.75, bgcolor: 'header.main', color: 'header.contrastText', fontWeight: 700, fontSize: 14 }}>My Bet ({bets.length})</Box>
      <Table size="small" aria-label="My Bet list" sx={{ '& td, & th': { px: 0.75, py: 0.5, fontSize: 12 } }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.id} align={column.align}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {bets.map((bet, index) => (
            <TableRow
              key={bet.betId}
              data-testid="my-bet"
              {...rowProps?.(bet)}
              sx={(theme) => ({ bgcolor: theme.palette[bet.betType].main, '& td': { color: theme.palette[bet.betType].contrastText } })}
            >
              {columns.map((column) => (
                <TableCell key={column.id} align={column.align}>
                  {column.render(bet, index)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {bets.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length} align="center" sx={{ color: 'text.secondary' }}>
                No record found!
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
