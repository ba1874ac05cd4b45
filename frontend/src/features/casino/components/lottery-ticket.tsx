// The lottery's ticket: the picks added from the pads, each with its stake; Place
// ticket sends each as a bet (each answer is a toast), Repeat brings back the last ticket placed,
// Remove takes a line off and Clear empties the ticket.
import { Box, Button, IconButton, TextField, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { submitBet } from '@/lib/submit-bet';
import { newRequestId } from '@/lib/request-id';
import { formatFixed } from '@/utils/format';
import { placeCasinoBet } from '../api/place-casino-bet';
import { ticketReady, ticketTotal } from '../model/ticket';
import { isSelectionOpen } from '../hooks/use-bet-actions';
import { refreshRoundBets } from '../hooks/use-round-bets';
import { selectItems, useCasinoStore } from '../stores/casino-store';
import { useTicketStore } from '../stores/ticket-store';

async function placeTicket(): Promise<void> {
  const { lines, setPlacing, placed } = useTicketStore.getState();
  const round = useCasinoStore.getState().round;
  if (!round || !ticketReady(lines)) return;
  setPlacing(true);
  for (const line of lines) {
    await submitBet(() =>
      placeCasinoBet({ gType: round.gtype, marketId: round.mid, sectionId: line.sid, uRate: line.rate, amount: line.stake, betType: 'back', requestId: newRequestId(), pick: line.pick }),
    );
  }
  placed(lines);
  setPlacing(false);
  void refreshRoundBets();
}

export function LotteryTicket() {
  const { lines, last, placing, remove, setStake, clear, repeat } = useTicketStore();
  const items = useCasinoStore(selectItems);
  const open = lines.length > 0 && lines.every((line) => isSelectionOpen(items, line.sid));
  return (
    <Box component="section" aria-label="Ticket" data-testid="lottery-ticket" sx={{ mt: 1, p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography sx={{ fontWeight: 700, fontSize: 13, mb: 0.5 }}>Ticket</Typography>
      {lines.length === 0 && <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>Add picks from the pads above.</Typography>}
      {lines.map((line, index) => (
        <Box key={`${line.sid}-${line.nat}`} data-testid="ticket-line" data-nat={line.nat} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}>
          <Typography sx={{ flex: 1, fontSize: 13 }}>
            {line.nat} <Box component="span" sx={{ color: 'text.secondary' }}>at {line.rate}</Box>
          </Typography>
          <TextField
            size="small"
            label="Stake"
            value={Number.isFinite(line.stake) ? String(line.stake) : ''}
            onChange={(event) => setStake(index, event.target.value === '' ? NaN : Number(event.target.value.replace(/\D/g, '')))}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': `Stake on ${line.nat}` } }}
            sx={{ width: 110 }}
          />
          <IconButton size="small" aria-label={`Remove ${line.nat}`} onClick={() => remove(index)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ flex: 1, fontSize: 12 }}>Total: {formatFixed(ticketTotal(lines))}</Typography>
        <Button size="small" color="inherit" disabled={last.length === 0} onClick={repeat}>
          Repeat
        </Button>
        <Button size="small" color="inherit" disabled={lines.length === 0} onClick={clear}>
          Clear
        </Button>
        <Button size="small" variant="contained" disabled={placing || !open || !ticketReady(lines)} onClick={() => void placeTicket()}>
          Place ticket
        </Button>
      </Box>
    </Box>
  );
}
