import { useEffect, useState, type ReactNode } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { RuleSet } from '@/types';
import { RulesGrid } from '@/components/rules-grid';
import { getRules } from '../api/get-rules';

/** The sports market types by the name a player knows them by. */
const MARKET_TYPE_NAMES: Record<string, string> = {
  match: 'Match odds',
  match1: 'Bookmaker',
  fancy: 'Sessions',
  fancy1: 'Over propositions',
  oddeven: 'Odd / even',
  meter: 'Meter',
  khado: 'Khado',
  cricketcasino: 'Last digit',
};

/** A race's markets by their names on the race card. */
const RACE_TYPE_NAMES: Record<string, string> = {
  match: 'Win',
  fancy1: 'Place',
  nonrunner: 'Non-runners',
};

function groupName(etname: string, gtype: string): string {
  const names = etname.endsWith('Racing') ? RACE_TYPE_NAMES : MARKET_TYPE_NAMES;
  return names[gtype] ? `${names[gtype]} (${gtype})` : gtype;
}

type Props = {
  open: boolean;
  onClose: (reason: 'close' | 'backdrop') => void;
  /** Buttons of the dialog (Close, or Accept and Cancel for the rules prompt). */
  actions: ReactNode;
  title?: string;
  /** Only the rule sets of this game type (a page's own rules); all of them when absent. */
  type?: string;
};

/** The rules from the server in a dialog: one section per rule set, red lines where rcolor is '2'. */
export function RulesDialog({ open, onClose, actions, title = 'Rules', type }: Props) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const [rules, setRules] = useState<RuleSet[] | null>(null);

  useEffect(() => {
    if (!open || rules) return;
    getRules(type)
      .then(setRules)
      .catch((error: unknown) => {
        console.error('Error fetching rules:', error);
        setRules([]);
      });
  }, [open, rules, type]);

  return (
    <Dialog open={open} onClose={() => onClose('backdrop')} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="rules-title">
      <DialogTitle id="rules-title">{title}</DialogTitle>
      <DialogContent dividers>
        {rules === null && (
          <Box sx={{ display: 'grid', placeItems: 'center', p: 4 }}>
            <CircularProgress aria-label="Loading rules" />
          </Box>
        )}
        {rules?.length === 0 && <Typography>No record found!</Typography>}
        {rules?.map((set, index) => (
          <Accordion key={set.etname} defaultExpanded={index === 0} disableGutters>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography fontWeight={600}>{set.etname}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              {set.gametypelist.map((group) => (
                <Box key={group.gtype} data-testid="rules-group" data-gtype={group.gtype} sx={{ mb: 2 }}>
                  {group.gtype.toLowerCase() !== set.etname.toLowerCase() && (
                    <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
                      {groupName(set.etname, group.gtype)}
                    </Typography>
                  )}
                  <Box component="ol" sx={{ pl: 3, m: 0 }}>
                    {group.rulelist.map((rule, ruleIndex) => (
                      <Typography
                        component="li"
                        key={ruleIndex}
                        variant="body2"
                        sx={{ color: rule.rcolor === '2' ? 'error.main' : 'text.primary', mb: 0.5 }}
                      >
                        {rule.rule}
                      </Typography>
                    ))}
                  </Box>
                  {group.tables.map((table) => (
                    <Box key={table.title} sx={{ mt: 1 }}>
                      <RulesGrid table={table} />
                    </Box>
                  ))}
                </Box>
              ))}
            </AccordionDetails>
          </Accordion>
        ))}
      </DialogContent>
      <DialogActions>{actions}</DialogActions>
    </Dialog>
  );
}
