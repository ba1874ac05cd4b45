import { Box, Typography } from '@mui/material';
import { LiveCasinoBetsReport } from '@/features/wallet';

export default function LiveCasinoBetsPage() {
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Typography variant="h6" component="h1" gutterBottom>
        Live Casino Bets
      </Typography>
      <LiveCasinoBetsReport />
    </Box>
  );
}
