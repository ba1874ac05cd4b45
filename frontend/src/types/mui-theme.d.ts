// Palette keys of the exchange theme (app/theme.ts): back and lay odds cells, the header.
import '@mui/material/styles';

declare module '@mui/material/styles' {
  interface Palette {
    back: { main: string; light: string; contrastText: string };
    lay: { main: string; light: string; contrastText: string };
    header: { main: string; contrastText: string };
  }
  interface PaletteOptions {
    back?: { main: string; light: string; contrastText: string };
    lay?: { main: string; light: string; contrastText: string };
    header?: { main: string; contrastText: string };
  }
}
