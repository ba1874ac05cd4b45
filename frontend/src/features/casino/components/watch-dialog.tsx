// A visitor's click on a casino table: how to watch it (Demo or Login). Loaded on the first click.
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { CasinoTile } from '@/types';

/** A visitor's click on a table: how to watch it. */
export function WatchDialog({ tile, onClose, onDemo }: { tile: CasinoTile | null; onClose: () => void; onDemo?: () => Promise<void> }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const demo = async () => {
    if (!tile || !onDemo) return;
    setBusy(true);
    try {
      await onDemo();
      navigate(`/casino/${tile.gmid}`);
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Dialog open={tile !== null} onClose={onClose} aria-labelledby="watch-title" data-testid="watch-dialog">
      <DialogTitle id="watch-title">Watch {tile?.gname}</DialogTitle>
      <DialogContent>
        <Typography sx={{ fontSize: 14 }}>Log in to watch and bet at this table, or try the demo: a practice account with play money, no sign-up.</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {onDemo && (
          <Button variant="outlined" disabled={busy} onClick={() => void demo()}>
            Demo
          </Button>
        )}
        <Button variant="contained" component={RouterLink} to="/login">
          Login
        </Button>
      </DialogActions>
    </Dialog>
  );
}

