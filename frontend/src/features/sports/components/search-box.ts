// The header search box's frame, shared by the search and the placeholder shown while it loads.
import type { SxProps, Theme } from '@mui/material';

export const SEARCH_BOX_SX: SxProps<Theme> = {
  display: 'flex',
  alignItems: 'center',
  gap: 0.5,
  px: 1,
  height: 36,
  width: { md: 160, lg: 220 },
  borderRadius: 1,
  bgcolor: 'rgba(255,255,255,0.08)',
};
