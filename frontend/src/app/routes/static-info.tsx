import { Paper, Typography } from '@mui/material';
import { useRouteTitle } from '../route-title';

const TEXT: Record<string, string[]> = {
  'Terms and Conditions': [
    'By using this site you agree to play only where online betting is legal for you and only with your own account.',
    'Bets are accepted at the prices shown when the server confirms them. Results are settled from the official feed.',
  ],
  'Responsible Gaming': [
    'Play for entertainment, set yourself limits and never bet money you cannot afford to lose.',
    'Players must be 18 or older. If gambling stops being fun, contact support to pause your account.',
  ],
};

/** Footer link pages (not in the spec's route table; documented in docs/frontend.md). */
export default function StaticInfoPage() {
  const title = useRouteTitle();
  return (
    <Paper sx={{ p: 3, maxWidth: 800 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      {(TEXT[title] ?? []).map((line) => (
        <Typography key={line} paragraph>
          {line}
        </Typography>
      ))}
    </Paper>
  );
}
