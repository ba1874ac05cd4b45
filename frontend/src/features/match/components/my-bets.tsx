// My Bet on a match page: the user's unmatched exchange orders (per market, each with Cancel, a
// cancel-part control and an edit-price control, and Cancel all for the market) over the matched
// bets, back rows blue and lay rows pink. Both lists follow the user topic, so fills and cancels show without a reload.
import { useState } from 'react';
import { Box, Button, IconButton, InputBase, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ContentCutIcon from '@mui/icons-material/ContentCut';
import EditIcon from '@mui/icons-material/Edit';
import type { DataColumn } from '@/components/data-table';
import { MyBetFrame, MyBetTable } from '@/components/my-bet-list';
import type { BetView, OrderView } from '@/types';
import { formatFixed } from '@/utils/format';
import { isLadderPrice } from '../model/ladder';
import { cancelSize, formatPrice } from '../model/order-outcome';
import { isExchangeMarket } from '../model/slip';
import { cancelMarketAction, cancelOrderAction, cancelOrderPartAction, replaceOrderAction } from '../hooks/use-order-actions';
import { selectBets, selectOrders, useMatchStore, type MatchStore } from '../stores/match-store';
import { LadderPriceField } from './ladder-price-field';

const MATCHED_COLUMNS: DataColumn<BetView>[] = [
  {
    id: 'bet',
    header: 'Matched Bet',
    render: (bet) => (
      <>
        <b>{bet.sectionName}</b>
        <Typography component="div" sx={{ fontSize: 11 }}>
          {bet.marketName}
        </Typography>
      </>
    ),
  },
  { id: 'odds', header: 'Odds', align: 'right', render: (bet) => bet.uRate },
  { id: 'stake', header: 'Stake', align: 'right', render: (bet) => formatFixed(bet.amount) },
];

const SUBHEAD_SX = { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 1, py: 0.5, bgcolor: 'action.hover', fontSize: 12, fontWeight: 700 } as const;

/** Whether the open match has a market traded on the exchange (orders can rest there). */
const selectHasExchange = (state: MatchStore): boolean => state.marketIds.some((mid) => isExchangeMarket(state.byId[mid]?.gtype ?? 'fancy', state.matching));

/** The orders by market, markets in the order of their newest order. */
function byMarket(orders: OrderView[]): OrderView[][] {
  const groups = new Map<number, OrderView[]>();
  for (const order of orders) groups.set(order.marketId, [...(groups.get(order.marketId) ?? []), order]);
  return [...groups.values()];
}

/** The one row editor open under an order: its new price, or the size to cancel of it. */
type Editing = { kind: 'price'; orderId: number; price: number } | { kind: 'part'; orderId: number; text: string } | null;

const EDITOR_BUTTON_SX = { minWidth: 0, py: 0.25, fontSize: 11 } as const;

function PriceEditor({ order, editing, onPrice, onDone }: { order: OrderView; editing: { price: number }; onPrice: (price: number) => void; onDone: () => void }) {
  const [sending, setSending] = useState(false);
  const valid = isLadderPrice(editing.price) && editing.price !== order.uRate;
  return (
    <Box data-testid="price-editor" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      <Typography sx={{ fontSize: 12 }}>New odds</Typography>
      <LadderPriceField price={editing.price} onChange={onPrice} label="New odds" dense />
      <Button
        size="small"
        variant="contained"
        color="success"
        disabled={!valid || sending}
        onClick={() => {
          setSending(true);
          void replaceOrderAction(order, editing.price).finally(onDone);
        }}
        sx={EDITOR_BUTTON_SX}
      >
        Confirm
      </Button>
      <Button size="small" color="inherit" onClick={onDone} sx={EDITOR_BUTTON_SX}>
        Close
      </Button>
    </Box>
  );
}

/** Cancels part of an order's unmatched size; what is left keeps its place in the queue. */
function PartCancelEditor({ order, text, onText, onDone }: { order: OrderView; text: string; onText: (text: string) => void; onDone: () => void }) {
  const [sending, setSending] = useState(false);
  const checked = cancelSize(text, order.unmatched);
  const error = text.trim() !== '' && 'error' in checked ? checked.error : null;
  return (
    <Box data-testid="part-cancel-editor" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.75 }}>
      <Typography sx={{ fontSize: 12 }}>Cancel</Typography>
      <InputBase
        value={text}
        placeholder="Size"
        autoFocus
        onChange={(event) => onText(event.target.value.replace(/[^\d.]/g, ''))}
        inputProps={{ 'aria-label': 'Size to cancel', inputMode: 'decimal' }}
        sx={{ width: 72, height: 28, px: 0.75, bgcolor: '#fff', color: '#111', borderRadius: 0.5, fontWeight: 700, fontSize: 13 }}
      />
      <Typography sx={{ fontSize: 12 }}>of {formatFixed(order.unmatched)}</Typography>
      <Button
        size="small"
        variant="contained"
        color="error"
        disabled={!('size' in checked) || sending}
        onClick={() => {
          if (!('size' in checked)) return;
          setSending(true);
          void cancelOrderPartAction(order, checked.size).finally(onDone);
        }}
        sx={EDITOR_BUTTON_SX}
      >
        Confirm
      </Button>
      <Button size="small" color="inherit" onClick={onDone} sx={EDITOR_BUTTON_SX}>
        Close
      </Button>
      {error && (
        <Typography role="alert" data-testid="part-cancel-error" sx={{ width: '100%', fontSize: 11, fontWeight: 700 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}

function UnmatchedMarket({ orders }: { orders: OrderView[] }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const first = orders[0] as OrderView;
  const whileBusy = (ids: number[], run: () => Promise<void>) => {
    setBusy((current) => new Set([...current, ...ids]));
    void run().finally(() => setBusy((current) => new Set([...current].filter((id) => !ids.includes(id)))));
  };
  const columns: DataColumn<OrderView>[] = [
    {
      id: 'bet',
      header: 'Unmatched Bet',
      render: (order) => (
        <>
          <b>{order.sectionName}</b>
          <Typography component="div" sx={{ fontSize: 11 }}>
            {order.persistence === 'keep' ? 'Keep in play' : 'Lapses in-play'}
          </Typography>
        </>
      ),
    },
    { id: 'odds', header: 'Odds', align: 'right', render: (order) => formatPrice(order.uRate) },
    {
      id: 'stake',
      header: 'Stake',
      align: 'right',
      render: (order) => (
        <>
          <span data-testid="order-unmatched">{formatFixed(order.unmatched)}</span>
          {order.unmatched !== order.amount && (
            <Typography component="div" sx={{ fontSize: 10 }}>
              of {formatFixed(order.amount)}
            </Typography>
          )}
        </>
      ),
    },
    {
      id: 'actions',
      header: '',
      align: 'right',
      render: (order) => (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.25 }}>
          <IconButton size="small" title="Edit price" aria-label="Edit price" disabled={busy.has(order.orderId)} onClick={() => setEditing({ kind: 'price', orderId: order.orderId, price: order.uRate })} sx={{ p: 0.25, color: 'inherit' }}>
            <EditIcon sx={{ fontSize: 16 }} />
          </IconButton>
          <IconButton size="small" title="Cancel part" aria-label="Cancel part" disabled={busy.has(order.orderId)} onClick={() => setEditing({ kind: 'part', orderId: order.orderId, text: '' })} sx={{ p: 0.25, color: 'inherit' }}>
            <ContentCutIcon sx={{ fontSize: 15 }} />
          </IconButton>
          <IconButton size="small" title="Cancel" aria-label="Cancel" disabled={busy.has(order.orderId)} onClick={() => whileBusy([order.orderId], () => cancelOrderAction(order))} sx={{ p: 0.25, color: 'inherit' }}>
            <CloseIcon sx={{ fontSize: 16 }} />
          </IconButton>
        </Box>
      ),
    },
  ];
  return (
    <Box role="group" aria-label={`Unmatched ${first.marketName}`}>
      <Box sx={SUBHEAD_SX}>
        <span>{first.marketName}</span>
        <Button
          size="small"
          color="error"
          variant="outlined"
          disabled={orders.every((order) => busy.has(order.orderId))}
          onClick={() => whileBusy(orders.map((order) => order.orderId), () => cancelMarketAction(first.gameId, first.marketId))}
          sx={{ py: 0, px: 0.75, minWidth: 0, fontSize: 11 }}
        >
          Cancel all
        </Button>
      </Box>
      <MyBetTable
        rows={orders}
        columns={columns}
        label="Unmatched bets"
        rowKey={(order) => order.orderId}
        rowTestId="my-order"
        rowProps={(order) => ({ 'data-order-id': String(order.orderId), 'data-side': order.betType })}
        after={(order) => {
          if (editing?.orderId !== order.orderId) return null;
          const done = () => setEditing(null);
          return editing.kind === 'price' ? (
            <PriceEditor order={order} editing={editing} onPrice={(price) => setEditing({ kind: 'price', orderId: order.orderId, price })} onDone={done} />
          ) : (
            <PartCancelEditor order={order} text={editing.text} onText={(text) => setEditing({ kind: 'part', orderId: order.orderId, text })} onDone={done} />
          );
        }}
      />
    </Box>
  );
}

/** My Bet: the user's unmatched orders and matched bets on this match. */
export function MyBets() {
  const bets = useMatchStore(selectBets);
  const orders = useMatchStore(selectOrders);
  const hasExchange = useMatchStore(selectHasExchange);
  const showUnmatched = hasExchange || orders.length > 0;
  return (
    <MyBetFrame count={bets.length + orders.length}>
      {showUnmatched && (
        <Box component="section" aria-label="Unmatched">
          <Box sx={{ ...SUBHEAD_SX, bgcolor: 'transparent', borderBottom: 1, borderColor: 'divider' }}>Unmatched</Box>
          {orders.length === 0 ? (
            <Typography sx={{ px: 1, py: 0.75, fontSize: 12, color: 'text.secondary', textAlign: 'center' }}>No unmatched bets</Typography>
          ) : (
            byMarket(orders).map((group) => <UnmatchedMarket key={group[0]?.marketId} orders={group} />)
          )}
        </Box>
      )}
      <Box component="section" aria-label="Matched">
        {showUnmatched && <Box sx={{ ...SUBHEAD_SX, bgcolor: 'transparent', borderBottom: 1, borderColor: 'divider' }}>Matched</Box>}
        <MyBetTable rows={bets} columns={MATCHED_COLUMNS} label="Matched bets" rowKey={(bet) => bet.betId} />
      </Box>
    </MyBetFrame>
  );
}
