// A casino table's payout table (its rules dialog): every item, or run of items alike but for
// their names, with the rate the engine pays, its chance and the house edge. The rows come from
// the engine's own constants (`GameTypeRules.payouts`); nothing here is a number of its own.
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { PayoutRow } from '@/types';
import { CELL_SX, HEAD_SX } from '@/components/rules-grid';

/** `1.98 (0.98:1)`: the decimal rate, then the profit per 1 staked. */
export function ratesLabel(rate: number): string {
  return `${rate.toFixed(2)} (${(rate - 1).toFixed(2)}:1)`;
}


export function PayoutTable({ title, rows }: { title: string; rows: ReadonlyArray<PayoutRow> }) {
  const layable = rows.some((row) => row.lay > 0);
  return (
    <Box sx={{ overflowX: 'auto', mb: 1.5 }}>
      <Table size="small" aria-label={`${title} payout table`} data-testid="payout-table">
        <TableHead>
          <TableRow>
            <TableCell sx={HEAD_SX}>Item</TableCell>
            <TableCell sx={HEAD_SX} align="right">
              Pays
            </TableCell>
            {layable && (
              <TableCell sx={HEAD_SX} align="right">
                Lay
              </TableCell>
            )}
            <TableCell sx={HEAD_SX}>Chance</TableCell>
            <TableCell sx={HEAD_SX} align="right">
              House edge
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.sids.join(',')} data-testid="payout-row" data-sids={row.sids.join(',')} data-back={row.back} data-lay={row.lay}>
              <TableCell sx={{ ...CELL_SX, fontWeight: 600 }}>
                {row.item}
                {row.ours && (
                  <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                    {' '}
                    (ours)
                  </Box>
                )}
              </TableCell>
              <TableCell sx={{ ...CELL_SX, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} align="right">
                {ratesLabel(row.back)}
              </TableCell>
              {layable && (
                <TableCell sx={{ ...CELL_SX, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} align="right">
                  {row.lay > 0 ? ratesLabel(row.lay) : '-'}
                </TableCell>
              )}
              <TableCell sx={CELL_SX}>{row.chance}</TableCell>
              <TableCell sx={{ ...CELL_SX, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} align="right">
                {row.edge_pct.toFixed(2)}%{row.lay_edge_pct !== undefined && ` / lay ${row.lay_edge_pct.toFixed(2)}%`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
