import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';

/** The current-bets market list behind a negative exposure; filled when bets exist. */
export default function MyMarketDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>My Market</DialogTitle>
      <DialogContent dividers>
        <Typography>No record found!</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
