import { Link as RouterLink } from 'react-router';
import { Box, Chip } from '@mui/material';

/** Casino highlights beside the match (spec §2): a short static list of /casino/{name} links. */
export const HIGHLIGHTS = [
  { name: 'ballbyball', label: 'Ball By Ball' },
  { name: 'superover', label: 'Super Over' },
  { name: 'teen20', label: '20-20 Teenpatti' },
  { name: 'dt20', label: 'Dragon Tiger' },
  { name: 'lucky7', label: 'Lucky 7' },
  { name: 'ab20', label: 'Andar Bahar' },
];

export function Highlights() {
  return (
    <Box component="nav" aria-label="Highlights" sx={{ display: 'flex', gap: 0.5, overflowX: 'auto', mb: 1, pb: 0.25 }}>
      {HIGHLIGHTS.map((item) => (
        <Chip key={item.name} label={item.label} component={RouterLink} to={`/casino/${item.name}`} clickable size="small" variant="outlined" sx={{ flexShrink: 0 }} />
      ))}
    </Box>
  );
}
