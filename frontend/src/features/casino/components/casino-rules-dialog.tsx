// A table's rules (spec §2): `POST /data/front/casinorules {type}` answers with the rule sets that
// mention the table; the dialog shows the general casino rules and the table's own, a line in
// red where rcolor is '2', then the table's payout table and any further table of its rules
// (the card-to-ball table), as the engine sends them.
import { useEffect, useState } from 'react';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { GameTypeRules } from '@/types';
import { getCasinoRules } from '../api/get-casino-rules';
import { RulesGrid } from '@/components/rules-grid';
import { PayoutTable } from './payout-table';

/** The general group every table shares. */
const GENERAL_GTYPE = 'casino';

/** The groups for this table: the general rules and its own (all of them if neither is listed). */
export function rulesFor(groups: ReadonlyArray<GameTypeRules>, gtype: string): GameTypeRules[] {
  const own = groups.filter((group) => group.gtype === GENERAL_GTYPE || group.gtype === gtype);
  return own.length > 0 ? own : [...groups];
}

type Props = { open: boolean; onClose: () => void; gtype: string; title: string };

export function CasinoRulesDialog({ open, onClose, gtype, title }: Props) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const [groups, setGroups] = useState<GameTypeRules[] | null>(null);

  useEffect(() => {
    if (!open || groups) return;
    getCasinoRules(gtype)
      .then((sets) => setGroups(rulesFor(sets.flatMap((set) => set.gametypelist), gtype)))
      .catch((error: unknown) => {
        console.error('Error fetching rules:', error);
        setGroups([]);
      });
  }, [open, groups, gtype]);

  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="casino-rules-title">
      <DialogTitle id="casino-rules-title">{title} Rules</DialogTitle>
      <DialogContent dividers>
        {groups === null && (
          <Box sx={{ display: 'grid', placeItems: 'center', p: 4 }}>
            <CircularProgress aria-label="Loading rules" />
          </Box>
        )}
        {groups?.length === 0 && <Typography>No record found!</Typography>}
        {groups?.map((group) => (
          <Box key={group.gtype} sx={{ mb: 2 }}>
            <Typography variant="subtitle2" sx={{ bgcolor: 'header.main', color: 'header.contrastText', px: 1, py: 0.5 }}>
              {group.gtype === GENERAL_GTYPE ? 'General' : title}
            </Typography>
            <Table size="small" aria-label={group.gtype === GENERAL_GTYPE ? 'General rules' : `${title} rules`}>
              <TableBody>
                {group.rulelist.map((rule, index) => (
                  <TableRow key={index}>
                    <TableCell sx={{ width: 28, pl: 1, pr: 0, verticalAlign: 'top', color: 'text.secondary' }}>{index + 1}</TableCell>
                    <TableCell data-rcolor={rule.rcolor} sx={{ color: rule.rcolor === '2' ? 'error.main' : 'text.primary', fontSize: 13 }}>
                      {rule.rule}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {group.payouts.length > 0 && (
              <>
                <Typography variant="subtitle2" sx={{ fontSize: 13, mt: 1.5, mb: 0.5 }}>
                  Payouts
                </Typography>
                <PayoutTable title={title} rows={group.payouts} />
              </>
            )}
            {group.tables.map((table) => (
              <RulesGrid key={table.title} table={table} />
            ))}
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
