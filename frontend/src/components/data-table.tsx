// A plain report table: columns described once, rows rendered by them, an empty-state row, an
// optional checkbox column (with a select-all over the rows shown), clickable rows, and a footer
// with the "Showing X to Y of N entries" line and the shared pagination control. Paging itself
// stays with the caller (local `pageSlice` or server pages), so the table only draws what it is
// given. Wide tables scroll sideways inside their own box on small screens.
import type { ReactNode } from 'react';
import {
  Box,
  Checkbox,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material';
import { Pagination, showingText } from './pagination';

export type RowKey = string | number;

export type DataColumn<T> = {
  id: string;
  header: ReactNode;
  render: (row: T, index: number) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Keeps the cell on one line (dates, amounts). */
  nowrap?: boolean;
  /** Px: long text wraps, but not into a narrow column on phones. */
  minWidth?: number;
};

export type RowSelection = {
  selected: ReadonlySet<RowKey>;
  onChange: (next: Set<RowKey>) => void;
};

export type DataTableProps<T> = {
  /** The table's accessible name. */
  label: string;
  columns: ReadonlyArray<DataColumn<T>>;
  rows: ReadonlyArray<T>;
  /** A stable key per row (the index is the row's position in `rows`). */
  rowKey: (row: T, index: number) => RowKey;
  /** Shown as one row spanning the table when `rows` is empty. */
  emptyText?: string;
  loading?: boolean;
  onRowClick?: (row: T) => void;
  /** Extra style per row (back / lay colours). */
  rowSx?: (row: T) => SxProps<Theme>;
  /** Extra attributes per row (`data-*` hooks for tests). */
  rowProps?: (row: T) => Record<string, string>;
  selection?: RowSelection;
  size?: 'small' | 'medium';
};

/** The keys of `rows` all selected → unselect them; otherwise select them (keeps other keys). */
export function toggleAll(selected: ReadonlySet<RowKey>, keys: ReadonlyArray<RowKey>): Set<RowKey> {
  const next = new Set(selected);
  const all = keys.length > 0 && keys.every((key) => selected.has(key));
  for (const key of keys) {
    if (all) next.delete(key);
    else next.add(key);
  }
  return next;
}

function toggleOne(selected: ReadonlySet<RowKey>, key: RowKey): Set<RowKey> {
  const next = new Set(selected);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  emptyText = 'No data available',
  loading = false,
  onRowClick,
  rowSx,
  rowProps,
  selection,
  size = 'small',
}: DataTableProps<T>) {
  const keys = rows.map((row, index) => rowKey(row, index));
  const checkedCount = selection ? keys.filter((key) => selection.selected.has(key)).length : 0;
  const span = columns.length + (selection ? 1 : 0);
  return (
    <TableContainer sx={{ overflowX: 'auto', position: 'relative' }}>
      {loading && <LinearProgress aria-label="Loading" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
      <Table size={size} aria-label={label} sx={{ '& th': { fontWeight: 700, whiteSpace: 'nowrap', bgcolor: 'header.main', color: 'header.contrastText' } }}>
        <TableHead>
          <TableRow>
            {selection && (
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  sx={{ color: 'inherit' }}
                  checked={keys.length > 0 && checkedCount === keys.length}
                  indeterminate={checkedCount > 0 && checkedCount < keys.length}
                  disabled={keys.length === 0}
                  onChange={() => selection.onChange(toggleAll(selection.selected, keys))}
                  slotProps={{ input: { 'aria-label': 'Select all rows' } }}
                />
              </TableCell>
            )}
            {columns.map((column) => (
              <TableCell key={column.id} align={column.align}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => {
            const key = keys[index] ?? index;
            return (
              <TableRow
                key={key}
                hover={Boolean(onRowClick)}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                sx={[{ cursor: onRowClick ? 'pointer' : undefined }, ...(rowSx ? [rowSx(row)].flat() : [])] as SxProps<Theme>}
                {...rowProps?.(row)}
              >
                {selection && (
                  <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                    <Checkbox
                      size="small"
                      sx={{ color: 'inherit' }}
                      checked={selection.selected.has(key)}
                      onChange={() => selection.onChange(toggleOne(selection.selected, key))}
                      slotProps={{ input: { 'aria-label': 'Select row' } }}
                    />
                  </TableCell>
                )}
                {columns.map((column) => (
                  <TableCell key={column.id} align={column.align} sx={{ whiteSpace: column.nowrap ? 'nowrap' : undefined, minWidth: column.minWidth }}>
                    {column.render(row, index)}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={span} align="center" sx={{ color: 'text.secondary', py: 2 }}>
                {loading ? 'Loading...' : emptyText}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export type TableFooterProps = {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  onPageChange: (page: number) => void;
};

/** "Showing X to Y of N entries" and the pagination control, side by side (stacked on phones). */
export function TablePager({ page, pageSize, total, totalPages, onPageChange }: TableFooterProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 1.5 }}>
      <Typography variant="body2" color="text.secondary" data-testid="showing-text">
        {showingText(page, pageSize, total)}
      </Typography>
      <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} />
    </Box>
  );
}
