import { describe, expect, it } from 'vitest';
import { addLine, removeLine, setLineStake, ticketReady, ticketTotal, type TicketLine } from '../model/ticket';

const line = (nat: string, stake = 100): TicketLine => ({ sid: 1, pick: [nat.slice(-1)], nat, rate: 9.5, stake, min: 100, max: 500 });

describe('lottery ticket', () => {
  it('adds lines, replaces the same pick, removes one and totals the stakes', () => {
    let lines = addLine(addLine([], line('Single 7')), line('Single 3'));
    lines = addLine(lines, line('Single 7', 200));
    expect(lines.map((l) => [l.nat, l.stake])).toEqual([
      ['Single 7', 200],
      ['Single 3', 100],
    ]);
    expect(ticketTotal(lines)).toBe(300);
    expect(removeLine(lines, 0).map((l) => l.nat)).toEqual(['Single 3']);
  });

  it('is ready only with every stake inside its limits', () => {
    const lines = [line('Single 7')];
    expect(ticketReady(lines)).toBe(true);
    expect(ticketReady(setLineStake(lines, 0, 50))).toBe(false);
    expect(ticketReady(setLineStake(lines, 0, 600))).toBe(false);
    expect(ticketReady(setLineStake(lines, 0, NaN))).toBe(false);
    expect(ticketReady([])).toBe(false);
  });
});
