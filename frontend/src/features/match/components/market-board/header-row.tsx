import { Box } from '@mui/material';
import { CELL_W, type Column } from './columns';

/** A table's column titles (Back, Lay, No, Yes) over the best prices. */
export function HeaderRow({ columns, compact, showLimits }: { columns: Column[]; compact: boolean; showLimits: boolean }) {
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
