import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Collapse, List, ListItemButton, ListItemText } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { selectUser, useSession } from '@/lib/session';
import { SportsTree } from '@/features/sports';
import { CasinoMenuItems } from '@/features/casino';
import { hasRole } from '../access';

export const SIDEBAR_WIDTH = 240;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  return (
    <Box component="section" aria-label={title}>
      <ListItemButton
        onClick={(event) => {
          event.stopPropagation();
          setOpen((value) => !value);
        }}
        aria-expanded={open}
        sx={{ bgcolor: 'header.main', color: 'header.contrastText', py: 0.75 }}
      >
        <ListItemText primary={title} slotProps={{ primary: { fontWeight: 700, fontSize: 14 } }} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} timeout="auto">
        <List dense disablePadding>
          {children}
        </List>
      </Collapse>
    </Box>
  );
}

function Item({ label, to }: { label: string; to?: string }) {
  return (
    <ListItemButton component={to ? RouterLink : 'div'} {...(to ? { to } : {})} sx={{ pl: 3 }}>
      <ListItemText primary={label} />
    </ListItemButton>
  );
}

/** Racing Sports (static), Others (the casino list; visitors and role user) and the All Sports tree. */
export function Sidebar() {
  const user = useSession(selectUser);
  const showOthers = !user || hasRole(user, 'user');
  return (
    <Box>
      <Section title="Racing Sports">
        <Item label="Horse Racing" to="/racing/7" />
        <Item label="Greyhound Racing" to="/racing/4339" />
      </Section>
      {showOthers && (
        <Section title="Others">
          <CasinoMenuItems />
        </Section>
      )}
      <Section title="All Sports">
        <SportsTree />
      </Section>
    </Box>
  );
}
