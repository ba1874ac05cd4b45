import { Link as RouterLink } from 'react-router';
import { Box, Button, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { SUPPORT_CHAT_URL } from '@/lib/config';
import { SiteLogo } from '@/features/site-config';

/** Register (spec §2): a static form; submit and verify stay disabled. */
export default function RegisterPage() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, background: 'radial-gradient(circle at top, #15415f 0%, #0e1217 60%)' }}>
      <Paper elevation={6} sx={{ width: '100%', maxWidth: 420, p: { xs: 2.5, sm: 4 } }}>
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <SiteLogo variant="login" />
          </Box>
          <Typography variant="h5" component="h1" textAlign="center">
            Register
          </Typography>
          <Box component="form" noValidate onSubmit={(event) => event.preventDefault()}>
            <Stack spacing={2}>
              <Stack direction="row" spacing={1}>
                <TextField label="Mobile Number" placeholder="Enter Mobile Number" fullWidth />
                <Button variant="outlined" disabled>
                  Verify
                </Button>
              </Stack>
              <TextField label="OTP" placeholder="Enter OTP" fullWidth />
              <TextField label="Username" placeholder="Enter Username" fullWidth />
              <TextField label="Password" type="password" placeholder="Enter Password" fullWidth />
              <Button type="submit" variant="contained" size="large" disabled>
                Register
              </Button>
            </Stack>
          </Box>
          <Button variant="contained" color="success" href={SUPPORT_CHAT_URL} target="_blank" rel="noopener noreferrer">
            Get your instant ID from our chat support
          </Button>
          <Typography variant="body2" textAlign="center">
            Already have an account?{' '}
            <Link component={RouterLink} to="/login">
              Login here
            </Link>
          </Typography>
        </Stack>
      </Paper>
    </Box>
  );
}
