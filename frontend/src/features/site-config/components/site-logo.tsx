import { useState } from 'react';
import { Box } from '@mui/material';
import { useSiteConfigStore, selectSiteConfig } from '../stores/site-config-store';

export const FALLBACK_LOGO = '/images/logo-fallback.svg';

/** Logo paths are relative to the API host; absolute URLs are used as given. */
function logoUrl(path: string | undefined): string {
  if (!path) return FALLBACK_LOGO;
  return /^(https?:)?\/\//.test(path) || path.startsWith('/') ? path : `/${path}`;
}

type Props = { variant?: 'header' | 'login'; height?: number };

/** The site logo from the configuration, with a fallback image when it is missing or fails. */
export function SiteLogo({ variant = 'header', height = 40 }: Props) {
  const config = useSiteConfigStore(selectSiteConfig);
  const [failed, setFailed] = useState<string | null>(null);
  const wanted = logoUrl(variant === 'login' ? config?.login_logo || config?.logo : config?.logo);
  const src = failed === wanted ? FALLBACK_LOGO : wanted;
  const size = variant === 'login' ? { width: 200, height: 80 } : { height, maxWidth: 160 };
  return (
    <Box
      component="img"
      src={src}
      alt={config?.title || 'Exchange'}
      onError={() => setFailed(wanted)}
      sx={{ ...size, objectFit: 'contain', display: 'block' }}
    />
  );
}
