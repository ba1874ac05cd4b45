import type { Fixture, Market, Scoreboard } from '@/types';
import { apiData } from '@/lib/api-client';
import { DATA_BASE } from '@/lib/config';

/** `clock_ms`: the simulator's clock when read (the cricketv page's round clock). */
export type MatchSnapshot = { fixture: Fixture; markets: Market[]; scoreboard: Scoreboard | null; clock_ms?: number };

/** Which call feeds the page: real matches and virtual cricket use matchstate, cricketv its own. */
export type MatchSource = 'matchstate' | 'cricketvdata';

/** POST /data/front/matchstate?gmid= (or cricketvdata): fixture, markets and scoreboard. */
export async function getMatchState(gmid: number, source: MatchSource): Promise<MatchSnapshot | undefined> {
  return apiData<MatchSnapshot>(`/front/${source}`, { method: 'POST', base: DATA_BASE, query: { gmid }, body: {}, skipAuth: true });
}
