// What an operator's feed action sends: the remark always; a price move its section, side and
// price; a settlement the result its market's type takes. Checked here so the dialog can say what
// is missing before anything is sent (the server checks again).
import type { MarketResult, MarketType, OpsFeedAction, OpsMarket } from '@/types';
import { parseAmount } from './amount';

export type MarketActionKind = 'suspend' | 'resume' | 'price' | 'settle' | 'void';
export type FixtureActionKind = 'suspend' | 'resume' | 'finish';

/** How a market of this type is settled: a winning section, a run value, or the sections that happened. */
export type ResultShape = 'winner' | 'runs' | 'happened';

export function resultShape(type: MarketType): ResultShape {
  switch (type) {
    case 'match':
    case 'match1':
    case 'cricketcasino':
      return 'winner';
    case 'fancy1':
      return 'happened';
    default:
      return 'runs';
  }
}

/** Run lines (fancy, meter, khado) move in whole runs; everything else is odds. */
export function pricedInRuns(type: MarketType): boolean {
  return type === 'fancy' || type === 'meter' || type === 'khado';
}

export type FeedForm = {
  remark: string;
  sid: number | null;
  side: 'back' | 'lay';
  price: string;
  /** Winner: the section; runs: the value typed. */
  runs: string;
  happened: ReadonlyArray<number>;
  winner: 'home' | 'away' | 'draw';
};

export const EMPTY_FORM: FeedForm = { remark: '', sid: null, side: 'back', price: '', runs: '', happened: [], winner: 'home' };

const WHOLE = /^\d{1,3}$/;

function result(market: OpsMarket, form: FeedForm): MarketResult | string {
  switch (resultShape(market.gtype)) {
    case 'winner':
      return form.sid === null ? 'Pick the winning section' : { kind: 'winner', sid: form.sid };
    case 'happened':
      return { kind: 'happened', sids: [...form.happened] };
    case 'runs':
      return WHOLE.test(form.runs.trim()) ? { kind: 'runs', value: Number(form.runs.trim()) } : 'Runs: a whole number from 0 to 999';
  }
}

/** The request body of a market action, or what is missing. */
export function marketActionBody(kind: MarketActionKind, market: OpsMarket, form: FeedForm): OpsFeedAction | string {
  const remark = form.remark.trim();
  if (!remark) return 'A remark is required';
  switch (kind) {
    case 'price': {
      if (form.sid === null) return 'Pick a section';
      const price = pricedInRuns(market.gtype) ? (WHOLE.test(form.price.trim()) ? Number(form.price.trim()) : null) : parseAmount(form.price);
      if (price === null) return pricedInRuns(market.gtype) ? 'Price: a whole run line from 0 to 999' : 'Price: odds with at most two decimals';
      return { remark, sid: form.sid, side: form.side, price };
    }
    case 'settle': {
      const settled = result(market, form);
      return typeof settled === 'string' ? settled : { remark, result: settled };
    }
    default:
      return { remark };
  }
}

/** The request body of a fixture action, or what is missing. */
export function fixtureActionBody(kind: FixtureActionKind, form: FeedForm): OpsFeedAction | string {
  const remark = form.remark.trim();
  if (!remark) return 'A remark is required';
  return kind === 'finish' ? { remark, winner: form.winner } : { remark };
}
