import { Box, Typography } from '@mui/material';
import { WalletStatement } from '@/features/wallet';

export default function WithdrawStatementPage() {
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h6" component="h1" gutterBottom>
        Withdraw Statement
      </Typography>
      <WalletStatement kind="withdraw" />
    </Box>
  );
}
