import { Box, Link, Stack, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { SUPPORT_PHONE } from '@/lib/config';

function Badge({ label, title }: { label: string; title: string }) {
  return (
    <Box
      title={title}
      sx={{
        border: 2,
        borderColor: 'text.secondary',
        borderRadius: '50%',
        width: 40,
        height: 40,
        display: 'grid',
        placeItems: 'center',
        fontWeight: 700,
        fontSize: 12,
        color: 'text.secondary',
      }}
    >
      {label}
    </Box>
  );
}

/**
 * What is true of this page's connection: encrypted when the page came over HTTPS (the server's
 * own TLS, `serve --tls-cert`, or a proxy in front), and said plainly when it did not.
 */
function ConnectionNote() {
  const secure = window.location.protocol === 'https:';
  return (
    <Stack direction="row" spacing={1} alignItems="center" data-testid="connection-note" data-secure={secure}>
      {secure ? <LockIcon fontSize="small" color="success" /> : <LockOpenIcon fontSize="small" color="warning" />}
      <Typography variant="caption" color="text.secondary">
        {secure ? 'Secure connection: what you send and see here travels encrypted (TLS).' : 'This connection is not encrypted (plain HTTP): use the site over HTTPS for real money.'}
      </Typography>
    </Stack>
  );
}

export function Footer() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', px: 2, py: 2 }}>
      <Stack spacing={1.5} alignItems="center" textAlign="center">
        <Stack direction="row" spacing={3} flexWrap="wrap" justifyContent="center">
          <Link href="/terms-and-conditions" target="_blank" rel="noopener" underline="hover" color="inherit">
            Terms and Conditions
          </Link>
          <Link href="/responsible-gaming" target="_blank" rel="noopener" underline="hover" color="inherit">
            Responsible Gaming
          </Link>
        </Stack>
        <Typography variant="body2">
          24X7 Support: <Link href={`tel:${SUPPORT_PHONE.replace(/\s/g, '')}`}>{SUPPORT_PHONE}</Link>
        </Typography>
        <ConnectionNote />
        <Stack direction="row" spacing={2} alignItems="center">
          <Badge label="18+" title="Players must be 18 or older" />
          <Badge label="GC" title="Gambling care: play responsibly" />
        </Stack>
      </Stack>
    </Box>
  );
}
