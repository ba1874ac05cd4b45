import { Box, Typography } from '@mui/material';
import { WithdrawForm } from '@/features/wallet';

export default function WithdrawPage() {
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Typography variant="h6" component="h1" gutterBottom>
        Withdraw
      </Typography>
      <WithdrawForm />
    </Box>
  );
}
