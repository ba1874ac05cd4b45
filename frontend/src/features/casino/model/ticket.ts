// The lottery's ticket: picks gathered on the pads, each with its own stake, placed together.
// Repeat brings back the last ticket placed; Remove takes one line off; Clear empties it.

export type TicketLine = {
  sid: number;
  pick: string[];
  nat: string;
  rate: number;
  stake: number;
  min: number;
  max: number;
};

/** Adds a line; the same pick again replaces its line (with the new stake) instead of doubling it. */
export function addLine(lines: ReadonlyArray<TicketLine>, line: TicketLine): TicketLine[] {
  const same = lines.findIndex((candidate) => candidate.sid === line.sid && candidate.nat === line.nat);
  return same === -1 ? [...lines, line] : lines.map((candidate, index) => (index === same ? line : candidate));
}

export function removeLine(lines: ReadonlyArray<TicketLine>, index: number): TicketLine[] {
  return lines.filter((_, at) => at !== index);
}

export function setLineStake(lines: ReadonlyArray<TicketLine>, index: number, stake: number): TicketLine[] {
  return lines.map((line, at) => (at === index ? { ...line, stake } : line));
}

/** Every line has a stake within its item's limits. */
export function ticketReady(lines: ReadonlyArray<TicketLine>): boolean {
  return lines.length > 0 && lines.every((line) => Number.isFinite(line.stake) && line.stake >= line.min && line.stake <= line.max);
}

export function ticketTotal(lines: ReadonlyArray<TicketLine>): number {
  return lines.reduce((total, line) => total + (Number.isFinite(line.stake) ? line.stake : 0), 0);
}
