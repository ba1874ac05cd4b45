import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { SUPPORT_PHONE } from '@/lib/config';
import { LoginForm } from '@/features/auth';
import { SiteLogo } from '@/features/site-config';

/** Login page (spec §2): no header, sidebar or footer. */
export default function LoginPage() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, background: 'radial-gradient(circle at top, #15415f 0%, #0e1217 60%)' }}>
      <Paper elevation={6} sx={{ width: '100%', maxWidth: 400, p: { xs: 2.5, sm: 4 } }}>
        <Stack spacing={2} alignItems="stretch">
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <SiteLogo variant="login" />
          </Box>
          <Typography variant="h5" component="h1" textAlign="center">
            Login
          </Typography>
          <LoginForm />
          <Stack direction="row" spacing={2} justifyContent="center">
            <Link href="/terms-and-conditions" target="_blank" rel="noopener" variant="body2">
              Terms and Conditions
            </Link>
            <Link href="/responsible-gaming" target="_blank" rel="noopener" variant="body2">
              Responsible Gaming
            </Link>
          </Stack>
          <Stack direction="row" spacing={1} justifyContent="center" alignItems="center">
            <SupportAgentIcon fontSize="small" color="primary" />
            <Typography variant="body2">
              24X7 Support <Link href={`tel:${SUPPORT_PHONE.replace(/\s/g, '')}`}>{SUPPORT_PHONE}</Link>
            </Typography>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
