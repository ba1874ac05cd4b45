// An exchange market's book as the console shows it (GET /api/ops/exchange/{gameId}/{marketId}):
// the money waiting at each side of a runner, and the unmatched orders grouped by account, the
// players' before the market makers'.
import type { DepthLevel, OpsBookOrder, Role } from '@/types';
import { sumAmounts } from '@/utils/amount';

/** All the unmatched money on one side of a runner. */
export function sideTotal(levels: ReadonlyArray<DepthLevel>): number {
  return sumAmounts(levels.map((level) => level.size));
}

/** Players first, then the market makers, each by name. */
export function byAccount<T extends { username: string; role: Role }>(a: T, b: T): number {
  const makerLast = (role: Role) => (role === 'maker' ? 1 : 0);
  return makerLast(a.role) - makerLast(b.role) || a.username.localeCompare(b.username);
}

export type AccountOrders = { username: string; role: Role; orders: OpsBookOrder[]; unmatched: number };

/** The orders by account (see `byAccount`), each account's in the server's order. */
export function ordersByAccount(orders: ReadonlyArray<OpsBookOrder>): AccountOrders[] {
  const accounts = new Map<string, AccountOrders>();
  for (const order of orders) {
    const account = accounts.get(order.username) ?? { username: order.username, role: order.role, orders: [], unmatched: 0 };
    account.orders.push(order);
    accounts.set(order.username, account);
  }
  const rows = [...accounts.values()].map((account) => ({ ...account, unmatched: sumAmounts(account.orders.map((order) => order.unmatched)) }));
  return rows.sort(byAccount);
}
