import type { ReactNode } from 'react';
import { Box, Paper, TextField, Typography } from '@mui/material';

/** The frame every report page shares: a title bar, then the filters and the table. */
export function ReportCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper sx={{ overflow: 'hidden' }}>
      <Box sx={{ px: 2, py: 1.25, bgcolor: 'header.main', color: 'header.contrastText' }}>
        <Typography variant="h6" component="h1" sx={{ fontSize: 17, fontWeight: 700 }}>
          {title}
        </Typography>
      </Box>
      <Box sx={{ p: { xs: 1.25, md: 2 } }}>{children}</Box>
    </Paper>
  );
}

/** A wrapping row of filter controls. */
export function FilterBar({ children, label, onSubmit }: { children: ReactNode; label: string; onSubmit?: () => void }) {
  return (
    <Box
      component="form"
      role="search"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.25, mb: 1.5 }}
    >
      {children}
    </Box>
  );
}

/** The row between the filters and the table: page size, search and the like, spread apart. */
export function TableToolbar({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.25, mb: 1.5 }}>{children}</Box>;
}

/** The table's search box (it filters as you type). */
export function SearchField({ value, onChange, placeholder }: { value: string; onChange: (value: string) => void; placeholder?: string }) {
  return (
    <TextField
      size="small"
      label="Search"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { 'aria-label': 'Search' } }}
    />
  );
}

/** Amount colours: won green, lost red. */
export function amountColour(value: number): string | undefined {
  if (value > 0) return 'success.light';
  if (value < 0) return 'error.light';
  return undefined;
}
