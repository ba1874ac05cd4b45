import { Box, Typography } from '@mui/material';
import { DepositForm } from '@/features/wallet';

export default function DepositPage() {
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h6" component="h1" gutterBottom>
        Deposit
      </Typography>
      <DepositForm />
    </Box>
  );
}
