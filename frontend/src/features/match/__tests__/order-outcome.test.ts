import type { OrderOutcome } from '@/types';
import { cancelSize, matchState, movedOrderMessage, partCancelledMessage, placedOrderMessage } from '../model/order-outcome';

const outcome = (over: Partial<OrderOutcome>): OrderOutcome => ({ orderId: 7, matched: 0, avgPrice: null, unmatched: 0, cancelled: 0, ...over });

describe('an exchange order’s toast says what matched and what waits', () => {
  it('matched whole: the size and the average price of the fills', () => {
    const order = outcome({ matched: 200, avgPrice: 2.52 });
    expect(matchState(order)).toBe('matched');
    expect(placedOrderMessage(order, 2.5)).toBe('Bet matched: 200.00 matched at 2.52');
  });

  it('partly matched: both amounts, the rest at the asked price', () => {
    const order = outcome({ matched: 120, avgPrice: 2.5, unmatched: 80 });
    expect(matchState(order)).toBe('partly');
    expect(placedOrderMessage(order, 2.5)).toBe('Bet partly matched: 120.00 matched at 2.5; 80.00 unmatched, waiting in the book at 2.5');
  });

  it('unmatched: the whole size waits at the asked price', () => {
    const order = outcome({ unmatched: 200 });
    expect(matchState(order)).toBe('unmatched');
    expect(placedOrderMessage(order, 3.05)).toBe('Bet unmatched: 200.00 waiting in the book at 3.05');
  });

  it('says what self-match prevention cancelled', () => {
    expect(placedOrderMessage(outcome({ matched: 50, avgPrice: 2, cancelled: 50 }), 2)).toBe('Bet matched: 50.00 matched at 2; 50.00 cancelled: it would have matched your own order');
    const none = outcome({ cancelled: 100 });
    expect(matchState(none)).toBe('none');
    expect(placedOrderMessage(none, 2)).toBe('Bet not placed: 100.00 would have matched your own order');
  });

  it('a moved order names its new price and what it got there', () => {
    expect(movedOrderMessage(undefined, 2.2)).toBe('Order moved to 2.2');
    expect(movedOrderMessage(outcome({ unmatched: 100 }), 2.2)).toBe('Order moved to 2.2: 100.00 unmatched, waiting in the book');
    expect(movedOrderMessage(outcome({ matched: 100, avgPrice: 2.24 }), 2.2)).toBe('Order moved to 2.2: 100.00 matched at 2.24');
    expect(movedOrderMessage(outcome({ matched: 40, avgPrice: 2.2, unmatched: 60 }), 2.2)).toBe('Order moved to 2.2: 40.00 matched at 2.2; 60.00 unmatched');
  });
});

describe('a partial cancel', () => {
  it('takes more than 0 and at most the unmatched size, with at most two decimals', () => {
    expect(cancelSize('40', 100)).toEqual({ size: 40 });
    expect(cancelSize(' 100.00 ', 100)).toEqual({ size: 100 });
    expect(cancelSize('0.01', 0.01)).toEqual({ size: 0.01 });
    expect(cancelSize('', 100)).toEqual({ error: 'Enter the size to cancel' });
    expect(cancelSize('0', 100)).toEqual({ error: 'More than 0' });
    expect(cancelSize('100.01', 100)).toEqual({ error: 'At most 100.00' });
    expect(cancelSize('1.005', 100)).toEqual({ error: 'An amount with at most two decimals' });
    expect(cancelSize('-5', 100)).toEqual({ error: 'An amount with at most two decimals' });
  });

  it('says what went and what still waits', () => {
    expect(partCancelledMessage(40, 60, 2.5)).toBe('Cancelled 40.00: 60.00 still unmatched at 2.5');
    expect(partCancelledMessage(100, 0, 2.5)).toBe('Cancelled 100.00: nothing of the order is left unmatched');
  });
});
