import { Box, Typography } from '@mui/material';
import { SecureAuthPanel } from '@/features/secure-auth';

export default function SecureAuthPage() {
  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="h6" component="h1" gutterBottom>
        Security Auth Verification
      </Typography>
      <SecureAuthPanel />
    </Box>
  );
}
