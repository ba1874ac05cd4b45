import { useMemo } from 'react';
import { Box } from '@mui/material';
import { create } from 'qrcode';

/** Light modules around the code that readers need to find it. */
const QUIET_ZONE = 4;

/**
 * A QR code of `text` as an SVG drawn by React: dark modules on white, whatever the theme. The
 * `qrcode` package encodes (error correction M); no script is injected and nothing is fetched.
 */
export function QrImage({ text, size = 200, label }: { text: string; size?: number; label: string }) {
  const { path, extent } = useMemo(() => {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let y = 0; y < modules.size; y += 1) {
      for (let x = 0; x < modules.size; x += 1) {
        if (modules.get(y, x)) d += `M${x + QUIET_ZONE},${y + QUIET_ZONE}h1v1h-1z`;
      }
    }
    return { path: d, extent: modules.size + QUIET_ZONE * 2 };
  }, [text]);
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${extent} ${extent}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      sx={{ display: 'block', bgcolor: '#ffffff', borderRadius: 1 }}
    >
      <rect width={extent} height={extent} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </Box>
  );
}
