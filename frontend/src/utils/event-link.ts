// Where an event links to (spec §2 "Event link choice"): one rule for the home rows, the sidebar
// tree, the search results and the My Market list.

export type EventRef = { etid: number; gmid: number; iscc?: number | null };

/** iscc 0 → the sports match page, 1 → the cricket-virtual table, anything else → virtual cricket. */
export function eventLink({ etid, gmid, iscc }: EventRef): string {
  const kind = iscc ?? 0;
  if (kind === 0) return `/game-details/${etid}/${gmid}`;
  if (kind === 1) return `/cricketv/${etid}/${gmid}`;
  return `/virtual-cricket/${etid}/${gmid}`;
}

/** The ticker links by sport id and event id, always to the match page. */
export function tickerLink(sportId: number, eventId: number): string {
  return `/game-details/${sportId}/${eventId}`;
}

/**
 * My Market rows: a cricketv bet type goes to cricketv, a virtual-cricket type to
 * virtual-cricket, the rest to game-details. Bets carry the market's gType, so the fixture's
 * iscc (when the caller knows it) decides the virtual kinds.
 */
export function betLink(bet: { etid: number; gameId: number; gType?: string }, iscc?: number | null): string {
  const type = (bet.gType ?? '').toLowerCase();
  if (type === 'cricketv') return `/cricketv/${bet.etid}/${bet.gameId}`;
  if (type === 'virtual-cricket' || type === 'virtualcricket') return `/virtual-cricket/${bet.etid}/${bet.gameId}`;
  return eventLink({ etid: bet.etid, gmid: bet.gameId, iscc: iscc ?? 0 });
}
