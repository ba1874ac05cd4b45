import type { Fixture, Market, MarketResult, Scoreboard } from '@/types';
import { apiData } from '@/lib/api-client';
import { DATA_BASE } from '@/lib/config';

/** A finished fixture's last score line and each market's result, in words. */
export type FinalResult = { message: string; markets: { mid: number; mname: string; gtype: string; result: string }[] };

/** `clock_ms`: the simulator's clock when read (the cricketv page's round clock); `over`: the fixture is finished. */
/** A decided market on the page and its result. */
export type SettledMarket = { mid: number; result: MarketResult };

export type MatchSnapshot = { fixture: Fixture; markets: Market[]; scoreboard: Scoreboard | null; clock_ms?: number; over?: FinalResult; results?: SettledMarket[] };

/** Which call feeds the page: real matches and virtual cricket use matchstate, cricketv its own. */
export type MatchSource = 'matchstate' | 'cricketvdata';

/** POST /data/front/matchstate?gmid= (or cricketvdata): fixture, markets and scoreboard. */
export async function getMatchState(gmid: number, source: MatchSource): Promise<MatchSnapshot | undefined> {
  return apiData<MatchSnapshot>(`/front/${source}`, { method: 'POST', base: DATA_BASE, query: { gmid }, body: {}, skipAuth: true });
}
