import { useMatches } from 'react-router';
import { Paper, Typography } from '@mui/material';

/** Stands in for the pages later issues build; its route already has the right access rule. */
export default function PlaceholderPage() {
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as { title?: string } | undefined)?.title ?? 'Page';
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">No data available</Typography>
    </Paper>
  );
}
