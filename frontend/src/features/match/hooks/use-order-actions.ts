// My Bet's actions on unmatched exchange orders: cancel one (whole or part of it), cancel all of a
// market, move one to another ladder price. Each answer carries the user's orders and the header's figures, shown at
// once; the bet list is then fetched again (a moved order may match at once).
import type { Envelope, OrdersAnswer, OrderView } from '@/types';
import type { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { sessionActions } from '@/lib/session';
import { cancelMarketOrders } from '../api/cancel-market-orders';
import { cancelOrder } from '../api/cancel-order';
import { replaceOrder } from '../api/replace-order';
import { movedOrderMessage, partCancelledMessage } from '../model/order-outcome';
import { useMatchStore } from '../stores/match-store';
import { refreshGameBets } from './use-game-bets';

/** Sends one order action, shows its answer and toasts it; never throws. */
async function act(gmid: number, send: () => Promise<Envelope<OrdersAnswer> | undefined>, describe: (answer: OrdersAnswer, message: string) => string): Promise<void> {
  try {
    const envelope = await send();
    if (!envelope) return;
    const answer = envelope.data;
    if (!envelope.success || !answer) {
      notify.error(envelope.message || 'Something went wrong');
      return;
    }
    sessionActions.patchUser({ balance: answer.balance, exp: answer.exp });
    // The answer lists every order of the user; this page shows this match's.
    if (useMatchStore.getState().gmid === gmid) useMatchStore.getState().setOrders(answer.orders.filter((order) => order.gameId === gmid));
    notify.success(describe(answer, envelope.message));
  } catch (error) {
    notify.error((error as ApiError).message);
  } finally {
    void refreshGameBets(gmid);
  }
}

/** Cancels an order's whole unmatched part. */
export function cancelOrderAction(order: OrderView): Promise<void> {
  return act(order.gameId, () => cancelOrder({ orderId: order.orderId }), (_, message) => message || 'Order cancelled');
}

/** Cancels `size` of an order's unmatched part; the rest stays in the book at its place. */
export function cancelOrderPartAction(order: OrderView, size: number): Promise<void> {
  return act(
    order.gameId,
    () => cancelOrder({ orderId: order.orderId, size }),
    (answer) => partCancelledMessage(size, answer.orders.find((left) => left.orderId === order.orderId)?.unmatched ?? 0, order.uRate),
  );
}

/** Cancels every unmatched order of the user on a market. */
export function cancelMarketAction(gameId: number, marketId: number): Promise<void> {
  return act(gameId, () => cancelMarketOrders({ marketId }), (_, message) => message || 'Orders cancelled');
}

/** Moves an order's unmatched part to `price` (a ladder price). */
export function replaceOrderAction(order: OrderView, price: number): Promise<void> {
  return act(order.gameId, () => replaceOrder({ orderId: order.orderId, uRate: price }), (answer) => movedOrderMessage(answer.order, price));
}
