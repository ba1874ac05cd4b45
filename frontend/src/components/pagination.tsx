// The one pagination control every table uses (spec §4, §5, §9): First and Previous disabled on
// page 1, Next and Last on the last page; a go-to-page box that accepts whole numbers
// 1..totalPages and ignores anything else; page sizes 10 to 50 (default 10); and the
// "Showing X to Y of N entries" line. Pages are 1-based.
import { useState, type FormEvent } from 'react';
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';

export const PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** Pages needed for `total` rows, at least 1 so "page 1 of 1" holds for an empty table. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The rows of one page of a list the client holds whole (local pagination). */
export function pageSlice<T>(items: ReadonlyArray<T>, page: number, pageSize: number): T[] {
  const start = (page - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

/** "Showing 11 to 20 of 42 entries"; "Showing 0 to 0 of 0 entries" when empty. */
export function showingText(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'Showing 0 to 0 of 0 entries';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${total} entries`;
}

/** A go-to-page entry as a page number, or null when it is not a whole number in 1..totalPages. */
export function parseGoToPage(input: string, totalPages: number): number | null {
  const text = input.trim();
  if (!/^\d+$/.test(text)) return null;
  const page = Number(text);
  return page >= 1 && page <= totalPages ? page : null;
}

export type PaginationProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
};

export function Pagination({ page, totalPages, onPageChange }: PaginationProps) {
  const [goTo, setGoTo] = useState('');
  const first = page <= 1;
  const last = page >= totalPages;
  const submitGoTo = (event: FormEvent) => {
    event.preventDefault();
    const target = parseGoToPage(goTo, totalPages);
    if (target !== null && target !== page) onPageChange(target);
    setGoTo('');
  };
  return (
    <Box component="nav" aria-label="Pagination" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
      <Button size="small" variant="outlined" disabled={first} onClick={() => onPageChange(1)}>
        First
      </Button>
      <Button size="small" variant="outlined" disabled={first} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      <Typography variant="body2" sx={{ px: 1 }} aria-live="polite">
        Page {page} of {totalPages}
      </Typography>
      <Button size="small" variant="outlined" disabled={last} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
      <Button size="small" variant="outlined" disabled={last} onClick={() => onPageChange(totalPages)}>
        Last
      </Button>
      <Box component="form" onSubmit={submitGoTo} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 1 }}>
        <TextField
          size="small"
          value={goTo}
          onChange={(event) => setGoTo(event.target.value)}
          placeholder="Page"
          slotProps={{ htmlInput: { 'aria-label': 'Go to page', inputMode: 'numeric', style: { width: 48 } } }}
        />
        <Button size="small" type="submit" variant="contained">
          Go
        </Button>
      </Box>
    </Box>
  );
}

export type PageSizeSelectProps = {
  value: number;
  onChange: (pageSize: number) => void;
  label?: string;
};

/** "Show [10..50] entries". */
export function PageSizeSelect({ value, onChange, label = 'Show' }: PageSizeSelectProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 96 }}
    >
      {PAGE_SIZES.map((size) => (
        <MenuItem key={size} value={size}>
          {size}
        </MenuItem>
      ))}
    </TextField>
  );
}
