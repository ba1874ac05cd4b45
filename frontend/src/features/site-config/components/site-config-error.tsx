import { Box, Typography } from '@mui/material';

/** Spec §2: what the page shows when the site configuration cannot be loaded. */
export function SiteConfigError() {
  return (
    <Box role="alert" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box>
        <Typography variant="h5" component="h1" gutterBottom>
          Unable to load site configuration.
        </Typography>
        <Typography color="text.secondary">Please try again later or contact support.</Typography>
      </Box>
    </Box>
  );
}
