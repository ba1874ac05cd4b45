// The dark exchange look. `back` (blue) and `lay` (pink) are the odds-cell colours every market
// table uses; later pages read them from the theme, never as literals.
import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 600, md: 768, lg: 1200, xl: 1536 } },
  palette: {
    mode: 'dark',
    primary: { main: '#f5b700', contrastText: '#141414' },
    secondary: { main: '#1f8a70' },
    background: { default: '#0e1217', paper: '#171d25' },
    divider: 'rgba(255,255,255,0.10)',
    success: { main: '#2e9d4f' },
    error: { main: '#d93a3a' },
    info: { main: '#2b7bd6' },
    warning: { main: '#f0a30a' },
    back: { main: '#72bbef', light: '#a6d8ff', contrastText: '#0b1b2b' },
    lay: { main: '#f994ba', light: '#fcc4d8', contrastText: '#2b0b17' },
    header: { main: '#0b3d5c', contrastText: '#ffffff' },
  },
  shape: { borderRadius: 6 },
  typography: {
    fontFamily: 'Roboto, "Segoe UI", "Helvetica Neue", Arial, sans-serif',
    fontSize: 14,
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiAppBar: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
  },
});
