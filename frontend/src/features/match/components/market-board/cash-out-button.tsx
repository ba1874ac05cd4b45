// Cash Out on an exchange market where the player holds a position: the value the book gives
// now (asked again as the book moves, at most once a second), and a dialog that cashes out all
// of it or a share at that value, or says the book moved.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { sessionActions } from '@/lib/session';
import type { CashOutQuote, Market } from '@/types';
import { formatFixed } from '@/utils/format';
import { cashOut, getCashOutQuote } from '../../api/cash-out';
import { refreshGameBets } from '../../hooks/use-game-bets';
import { CASH_OUT_SHARES } from '../../model/cash-out';

/** The least time between two quotes of one market. */
const REQUOTE_MS = 1_000;

const signed = (value: number) => ({ color: value < 0 ? 'error.main' : 'success.main', fontWeight: 700 });

export function CashOutButton({ market, positionKey }: { market: Market; positionKey: string }) {
  const [quote, setQuote] = useState<CashOutQuote | null>(null);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [share, setShare] = useState<number>(100);
  const [busy, setBusy] = useState(false);
  const lastAsked = useRef(0);
  const { gmid, mid } = market;

  const ask = useCallback(async () => {
    lastAsked.current = Date.now();
    try {
      const envelope = await getCashOutQuote(gmid, mid);
      if (envelope?.success && envelope.data) {
        setQuote(envelope.data);
        setUnavailable(null);
      }
    } catch (error) {
      setQuote(null);
      setUnavailable((error as ApiError).message);
    }
  }, [gmid, mid]);

  // Asked again whenever the book (the market's prices and sizes) or the position moves.
  useEffect(() => {
    const wait = Math.max(0, lastAsked.current + REQUOTE_MS - Date.now());
    const timer = window.setTimeout(() => void ask(), wait);
    return () => window.clearTimeout(timer);
  }, [ask, market, positionKey]);

  const confirm = async () => {
    if (!quote) return;
    setBusy(true);
    try {
      const envelope = await cashOut({ gameId: gmid, marketId: mid, percent: share, value: quote.value });
      if (!envelope) return;
      if (!envelope.success || !envelope.data) {
        notify.error(envelope.message || 'Something went wrong');
        return;
      }
      sessionActions.patchUser({ balance: envelope.data.balance, exp: envelope.data.exp });
      notify.success(share === 100 ? `Cashed out: ${formatFixed(envelope.data.value)} whichever runner wins` : `Cashed out ${share}%`);
      setOpen(false);
    } catch (error) {
      notify.error((error as ApiError).message);
    } finally {
      setBusy(false);
      void refreshGameBets(gmid);
      void ask();
    }
  };

  if (!quote) {
    return unavailable ? (
      <Button size="small" variant="outlined" color="inherit" disabled title={unavailable} data-testid={`cash-out-${mid}`} sx={{ py: 0, px: 1, minWidth: 0, fontSize: 11, lineHeight: 1.6, '&.Mui-disabled': { color: 'inherit', opacity: 0.6 } }}>
        Cash Out
      </Button>
    ) : null;
  }
  return (
    <>
      <Button
        size="small"
        variant="contained"
        color="warning"
        data-testid={`cash-out-${mid}`}
        onClick={() => setOpen(true)}
        sx={{ py: 0, px: 1, minWidth: 0, fontSize: 11, lineHeight: 1.6, fontWeight: 700 }}
      >
        Cash Out {formatFixed(quote.value)}
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby={`cash-out-title-${mid}`} maxWidth="xs" fullWidth>
        <DialogTitle id={`cash-out-title-${mid}`}>Cash out: {market.mname}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            At the best prices in the book now, all of it leaves you{' '}
            <Box component="span" data-testid="cash-out-value" sx={signed(quote.value)}>
              {formatFixed(quote.value)}
            </Box>{' '}
            whichever runner wins. If the book moves before it is matched, nothing happens.
          </Typography>
          <Table size="small" aria-label="Profit and loss by runner">
            <TableHead>
              <TableRow>
                <TableCell>Runner</TableCell>
                <TableCell align="right">Now</TableCell>
                <TableCell align="right">After</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {quote.runners.map((runner) => (
                <TableRow key={runner.sid} data-testid="cash-out-runner">
                  <TableCell>{runner.nat}</TableCell>
                  <TableCell align="right" sx={signed(runner.now)}>
                    {formatFixed(runner.now)}
                  </TableCell>
                  <TableCell align="right" sx={signed(runner.after)}>
                    {formatFixed(runner.after)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="body2" sx={{ mt: 2, mb: 0.5 }}>
            Cash out
          </Typography>
          <ToggleButtonGroup size="small" exclusive value={share} onChange={(_, value: number | null) => value !== null && setShare(value)} aria-label="Share to cash out">
            {CASH_OUT_SHARES.map((percent) => (
              <ToggleButton key={percent} value={percent}>
                {percent}%
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            Close
          </Button>
          <Button variant="contained" color="warning" onClick={() => void confirm()} disabled={busy} data-testid="cash-out-confirm">
            Cash out {share === 100 ? formatFixed(quote.value) : `${share}%`}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
