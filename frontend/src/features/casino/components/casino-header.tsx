// The casino page's title bar (spec §2): the table's name (default "Casino"), a Rules link
// opening the table's rules, Terms and Conditions with an info icon, and the round id (hidden on
// small screens).
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Link, Typography } from '@mui/material';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { selectEname, selectMid, useCasinoStore } from '../stores/casino-store';
import { CasinoRulesDialog } from './casino-rules-dialog';

function RoundId() {
  const mid = useCasinoStore(selectMid);
  if (!mid) return null;
  return (
    <Typography data-testid="round-id" sx={{ display: { xs: 'none', md: 'block' }, fontSize: 12, whiteSpace: 'nowrap' }}>
      Round ID: {mid}
    </Typography>
  );
}

export function CasinoHeader({ gtype }: { gtype: string }) {
  const ename = useCasinoStore(selectEname);
  const [rulesOpen, setRulesOpen] = useState(false);
  const title = ename || 'Casino';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 1, py: 0.75, bgcolor: 'header.main', color: 'header.contrastText', borderRadius: '6px 6px 0 0' }}>
      <Typography component="h1" sx={{ fontWeight: 700, fontSize: 15, flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {title}
      </Typography>
      <Button size="small" color="inherit" onClick={() => setRulesOpen(true)} sx={{ py: 0, minWidth: 0, textDecoration: 'underline' }}>
        Rules
      </Button>
      <Link component={RouterLink} to="/terms-and-conditions" color="inherit" underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: 12, whiteSpace: 'nowrap' }}>
        <InfoOutlined sx={{ fontSize: 16 }} aria-hidden />
        Terms and Conditions
      </Link>
      <RoundId />
      {rulesOpen && <CasinoRulesDialog open onClose={() => setRulesOpen(false)} gtype={gtype} title={title} />}
    </Box>
  );
}
