import { useEffect } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { MyMarketList } from '@/features/my-market';
import { isccByGmid, selectTree, useSportsStore } from '@/features/sports';

/** The current-bets market list behind a negative exposure (spec §2). */
export default function MyMarketDialog({ onClose }: { onClose: () => void }) {
  const tree = useSportsStore(selectTree);
  const loadTree = useSportsStore((state) => state.loadTree);
  useEffect(() => {
    void loadTree();
  }, [loadTree]);
  // The tree knows each fixture's kind (iscc), which the bet rows do not carry.
  const iscc = isccByGmid(tree);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>My Market</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <MyMarketList isccOf={(gmid) => iscc.get(gmid)} onNavigate={onClose} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
