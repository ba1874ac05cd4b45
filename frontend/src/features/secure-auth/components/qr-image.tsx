import { useMemo } from 'react';
import { Box } from '@mui/material';
import { encodeQr } from '@/utils/qr';

/** Light modules around the code that readers need to find it. */
const QUIET_ZONE = 4;

/** A QR code of `text` as an SVG: dark modules on white, whatever the theme. */
export function QrImage({ text, size = 200, label }: { text: string; size?: number; label: string }) {
  const { path, extent } = useMemo(() => {
    const code = encodeQr(text, { ecc: 'M' });
    let d = '';
    code.modules.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x + QUIET_ZONE},${y + QUIET_ZONE}h1v1h-1z`;
      });
    });
    return { path: d, extent: code.size + QUIET_ZONE * 2 };
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
