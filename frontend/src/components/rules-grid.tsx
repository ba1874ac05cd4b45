// A further table of a game's rules (the virtual cricket's card-to-ball table, the greyhound
// traps), its cells as the server words them; a "Trap" column draws each trap's jacket too.
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { RulesTable } from '@/types';
import { RunnerBadge } from './runner-badge';

/** The head and body cells of a rules table (this grid and a casino table's payout table). */
export const HEAD_SX = { fontWeight: 700, fontSize: 12, whiteSpace: 'nowrap', bgcolor: 'action.hover' } as const;
export const CELL_SX = { fontSize: 12, verticalAlign: 'top' } as const;
const TRAP_COLUMN = 'Trap';

function Cell({ column, text }: { column: string | undefined; text: string }) {
  const trap = Number(text);
  if (column !== TRAP_COLUMN || !Number.isInteger(trap)) return <>{text}</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <RunnerBadge kind="greyhound" number={trap} />
      {text}
    </Box>
  );
}

export function RulesGrid({ table }: { table: RulesTable }) {
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="subtitle2" sx={{ fontSize: 13, mb: 0.5 }}>
        {table.title}
      </Typography>
      <Table size="small" aria-label={table.title} data-testid="rules-grid">
        <TableHead>
          <TableRow>
            {table.columns.map((column) => (
              <TableCell key={column} sx={HEAD_SX}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row) => (
            <TableRow key={row.join('|')}>
              {row.map((cell, index) => (
                <TableCell key={index} sx={CELL_SX}>
                  <Cell column={table.columns[index]} text={cell} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
