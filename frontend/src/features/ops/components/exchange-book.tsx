// An exchange market's book on the feed page, read again every two seconds while it is open: the
// money to back and lay at each price of each runner, every unmatched order by account (the
// market makers' too) with Cancel orders (a remark, recorded as the operator's action), and every
// account's position: its P/L if each runner wins and its exposure with its unmatched orders.
import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { DataTable, type DataColumn } from '@/components/data-table';
import type { ApiError } from '@/lib/api-client';
import type { DepthLevel, OpsBook, OpsBookOrder, OpsBookPosition, Side } from '@/types';
import { formatFixed } from '@/utils/format';
import { getExchangeBook } from '../api';
import { byAccount, ordersByAccount, sideTotal, type AccountOrders } from '../model/exchange-book';
import { ActionDialog } from './action-dialog';

const REFRESH_MS = 2_000;

/** One side's prices of a runner, best first, each with its money. */
function Levels({ side, levels }: { side: Side; levels: ReadonlyArray<DepthLevel> }) {
  if (levels.length === 0) return <Typography variant="body2" color="text.secondary">—</Typography>;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {levels.map((level) => (
        <Box
          key={level.price}
          data-testid={`depth-${side}`}
          data-price={level.price}
          sx={{ px: 0.75, py: 0.25, borderRadius: 0.5, bgcolor: `${side}.main`, color: `${side}.contrastText`, fontSize: 12, lineHeight: 1.3, textAlign: 'center', minWidth: 56 }}
        >
          <b>{level.price}</b>
          <Box component="span" sx={{ display: 'block', fontSize: 11 }}>
            {formatFixed(level.size)}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

function Amount({ value }: { value: number }) {
  return (
    <Box component="span" sx={{ color: value < 0 ? 'error.main' : value > 0 ? 'success.main' : undefined }}>
      {formatFixed(value)}
    </Box>
  );
}

function AccountCard({ account, runnerName, onCancel }: { account: AccountOrders; runnerName: (sid: number) => string; onCancel: () => void }) {
  const columns: ReadonlyArray<DataColumn<OpsBookOrder>> = [
    { id: 'runner', header: 'Runner', render: (o) => runnerName(o.sid) },
    { id: 'side', header: 'Side', render: (o) => o.betType },
    { id: 'price', header: 'Price', align: 'right', render: (o) => o.uRate },
    { id: 'unmatched', header: 'Unmatched', align: 'right', nowrap: true, render: (o) => formatFixed(o.unmatched) },
    { id: 'persistence', header: 'At in-play', render: (o) => (o.persistence === 'keep' ? 'Keep' : 'Lapse') },
    { id: 'id', header: 'Order #', align: 'right', render: (o) => o.orderId },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 1 }} data-testid="book-account" data-username={account.username}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
        <Typography variant="subtitle2" component="h4">
          {account.username}
        </Typography>
        <Chip size="small" label={account.role} color={account.role === 'maker' ? 'info' : 'default'} />
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {account.orders.length} {account.orders.length === 1 ? 'order' : 'orders'}, {formatFixed(account.unmatched)} unmatched
        </Typography>
        <Button size="small" variant="outlined" color="error" onClick={onCancel}>
          Cancel orders
        </Button>
      </Stack>
      <DataTable label={`Unmatched orders of ${account.username}`} columns={columns} rows={account.orders} rowKey={(o) => o.orderId} rowProps={(o) => ({ 'data-order-id': String(o.orderId) })} />
    </Paper>
  );
}

type Props = { gmid: number; mid: number; marketName: string; eventName: string };

export function ExchangeBook({ gmid, mid, marketName, eventName }: Props) {
  const [book, setBook] = useState<OpsBook | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<AccountOrders | null>(null);

  const load = useCallback(async () => {
    try {
      const found = await getExchangeBook(gmid, mid);
      if (found) setBook(found);
      setProblem(null);
    } catch (error) {
      setProblem((error as ApiError).message);
    }
  }, [gmid, mid]);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [load]);

  const runners = book?.depth.runners ?? [];
  const runnerName = (sid: number) => runners.find((r) => r.sid === sid)?.name ?? `Runner ${sid}`;
  const depthColumns: ReadonlyArray<DataColumn<(typeof runners)[number]>> = [
    { id: 'runner', header: 'Runner', minWidth: 120, render: (r) => r.name },
    { id: 'back', header: 'To back (best first)', render: (r) => <Levels side="back" levels={r.back} /> },
    { id: 'backTotal', header: 'Back total', align: 'right', nowrap: true, render: (r) => <span data-testid="back-total">{formatFixed(sideTotal(r.back))}</span> },
    { id: 'lay', header: 'To lay (best first)', render: (r) => <Levels side="lay" levels={r.lay} /> },
    { id: 'layTotal', header: 'Lay total', align: 'right', nowrap: true, render: (r) => <span data-testid="lay-total">{formatFixed(sideTotal(r.lay))}</span> },
  ];
  const positionColumns: ReadonlyArray<DataColumn<OpsBookPosition>> = [
    { id: 'account', header: 'Account', render: (p) => p.username },
    { id: 'role', header: 'Role', render: (p) => p.role },
    ...runners.map((runner, index) => ({
      id: `runner-${runner.sid}`,
      header: `If ${runner.name} wins`,
      align: 'right' as const,
      nowrap: true,
      render: (p: OpsBookPosition) => <Amount value={p.runners[index]?.amount ?? 0} />,
    })),
    { id: 'exposure', header: 'Exposure', align: 'right', nowrap: true, render: (p) => formatFixed(p.exposure) },
  ];
  const accounts = ordersByAccount(book?.orders ?? []);
  const positions = [...(book?.positions ?? [])].sort(byAccount);

  return (
    <Box component="section" aria-label={`Book of ${marketName}`} data-testid="exchange-book" data-mid={mid} sx={{ mt: 2, pl: 1.5, borderLeft: 3, borderColor: 'primary.main' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3">
          Book: {marketName}
        </Typography>
        {book && <Chip size="small" label={book.depth.status} />}
      </Stack>
      {problem && (
        <Typography color="error" variant="body2" role="alert">
          {problem}
        </Typography>
      )}
      {book === null && !problem && <Typography variant="body2">Loading the book…</Typography>}
      {book && (
        <Stack spacing={2}>
          <DataTable label={`Depth of ${marketName}`} columns={depthColumns} rows={runners} rowKey={(r) => r.sid} rowProps={(r) => ({ 'data-sid': String(r.sid) })} />
          <Typography variant="subtitle2" component="h4">
            Unmatched orders by account
          </Typography>
          {accounts.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid="no-orders">
              No unmatched orders.
            </Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } }}>
              {accounts.map((account) => (
                <AccountCard key={account.username} account={account} runnerName={runnerName} onCancel={() => setCancelling(account)} />
              ))}
            </Box>
          )}
          <Typography variant="subtitle2" component="h4">
            Positions
          </Typography>
          <DataTable label={`Positions on ${marketName}`} columns={positionColumns} rows={positions} rowKey={(p) => p.username} rowProps={(p) => ({ 'data-username': p.username })} emptyText="No account has a position here" />
        </Stack>
      )}
      <ActionDialog
        username={cancelling?.username ?? ''}
        kind={cancelling ? 'cancel-orders' : null}
        marketId={mid}
        note={
          cancelling
            ? `${cancelling.orders.length} unmatched ${cancelling.orders.length === 1 ? 'order' : 'orders'} (${formatFixed(cancelling.unmatched)}) on ${marketName}, ${eventName}, come off the book; the exposure they hold is released.`
            : undefined
        }
        onClose={() => setCancelling(null)}
        onDone={() => void load()}
      />
    </Box>
  );
}
