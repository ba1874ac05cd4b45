import { Box, Typography } from '@mui/material';
import { BonusOverview } from '@/features/wallet';

export default function BonusPage() {
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h6" component="h1" gutterBottom>
        Bonus
      </Typography>
      <BonusOverview />
    </Box>
  );
}
