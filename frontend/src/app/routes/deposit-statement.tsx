import { Box, Typography } from '@mui/material';
import { WalletStatement } from '@/features/wallet';

export default function DepositStatementPage() {
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h6" component="h1" gutterBottom>
        Deposit Statement
      </Typography>
      <WalletStatement kind="deposit" />
    </Box>
  );
}
