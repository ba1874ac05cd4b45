// My Bet (spec §2): the panel titled "My Bet (n)" that lists the user's bets beside a match or a
// casino table, back rows blue and lay rows pink. The feature says which columns it shows. A match
// page's panel holds two tables (unmatched orders and matched bets) in one frame.
import type { ReactNode } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, type Theme } from '@mui/material';
import type { Side } from '@/types';
import type { DataColumn, RowKey } from './data-table';

/** The panel's box and its "My Bet (n)" title bar. */
export function MyBetFrame({ count, children }: { count: number; children: ReactNode }) {
  return (
    <Box component="section" aria-label="My Bet" sx={{ bgcolor: 'background.paper', borderRadius: 1, overflow: 'hidden' }}>
      <Box sx={{ px: 1, py: 0.75, bgcolor: 'header.main', color: 'header.contrastText', fontWeight: 700, fontSize: 14 }}>My Bet ({count})</Box>
      {children}
    </Box>
  );
}

export type MyBetTableProps<T> = {
  rows: ReadonlyArray<T>;
  columns: ReadonlyArray<DataColumn<T>>;
  /** The table's accessible name. */
  label: string;
  /** Each row's key. */
  rowKey: (row: T) => RowKey;
  /** The test id of each row. */
  rowTestId?: string;
  /** Extra attributes per row (`data-*` hooks for tests). */
  rowProps?: (row: T) => Record<string, string>;
  /** What follows a row (an editor under it), spanning the table. */
  after?: (row: T) => ReactNode;
  /** The one row of an empty table. */
  empty?: string;
};

/** Rows of bets (or orders) coloured by their side, with the columns' headers. */
export function MyBetTable<T extends { betType: Side }>({ rows, columns, label, rowKey, rowTestId = 'my-bet', rowProps, after, empty = 'No record found!' }: MyBetTableProps<T>) {
  return (
    <Table size="small" aria-label={label} sx={{ '& td, & th': { px: 0.75, py: 0.5, fontSize: 12 } }}>
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
        {rows.map((row, index) => (
          <MyBetRow key={rowKey(row)} row={row} index={index} columns={columns} testId={rowTestId} rowProps={rowProps} after={after} />
        ))}
        {rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length} align="center" sx={{ color: 'text.secondary' }}>
              {empty}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}

type MyBetRowProps<T> = { row: T; index: number; columns: ReadonlyArray<DataColumn<T>>; testId: string; rowProps?: (row: T) => Record<string, string>; after?: (row: T) => ReactNode };

function MyBetRow<T extends { betType: Side }>({ row, index, columns, testId, rowProps, after }: MyBetRowProps<T>) {
  const more = after?.(row);
  const colour = (theme: Theme) => ({ bgcolor: theme.palette[row.betType].main, '& td': { color: theme.palette[row.betType].contrastText } });
  return (
    <>
      <TableRow data-testid={testId} {...rowProps?.(row)} sx={colour}>
        {columns.map((column) => (
          <TableCell key={column.id} align={column.align}>
            {column.render(row, index)}
          </TableCell>
        ))}
      </TableRow>
      {more && (
        <TableRow sx={colour}>
          <TableCell colSpan={columns.length}>{more}</TableCell>
        </TableRow>
      )}
    </>
  );
}

export type MyBetListProps<T> = {
  bets: ReadonlyArray<T>;
  columns: ReadonlyArray<DataColumn<T>>;
  /** Extra attributes per row (`data-*` hooks for tests). */
  rowProps?: (bet: T) => Record<string, string>;
};

export function MyBetList<T extends { betId: RowKey; betType: Side }>({ bets, columns, rowProps }: MyBetListProps<T>) {
  return (
    <MyBetFrame count={bets.length}>
      <MyBetTable rows={bets} columns={columns} label="My Bet list" rowKey={(bet) => bet.betId} rowProps={rowProps} />
    </MyBetFrame>
  );
}
