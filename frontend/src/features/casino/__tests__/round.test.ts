import { balancedColumns, clearsSlip, drawsMotion, groupItems, isBoardLocked, isItemLocked, itemLabel, mergeRound, motionScale, nextPace, paceIntervalMs, showsAtOnce, sideRows, startsNewRound, winnerOf } from '../model/round';
import { dealing, makeItem, makeRound } from './round-fixtures';

describe('a delta is merged into the round it belongs to', () => {
  it('keeps every field the delta does not carry and takes the ones it does', () => {
    const round = makeRound();
    const merged = mergeRound(round, { mid: round.mid, ts: round.ts + 1000, lt: 14 });
    expect(merged).toEqual({ ...round, lt: 14, ts: round.ts + 1000 });
    expect(merged?.items).toBe(round.items);
    expect(merged?.hands).toBe(round.hands);
  });

  it('drops an update older than the round held (a late poll answer)', () => {
    const round = makeRound({ ts: 5000, lt: 10 });
    expect(mergeRound(round, makeRound({ ts: 4000, lt: 11 }))).toBe(round);
  });

  it('takes a whole round when there is none yet, but not a partial delta', () => {
    const round = makeRound();
    expect(mergeRound(null, round)).toBe(round);
    expect(mergeRound(null, { mid: round.mid, ts: round.ts, lt: 3 })).toBeNull();
  });
});

describe('a new round starts when the round id changes or the countdown goes from 0 to positive', () => {
  const open = makeRound({ lt: 5 });
  const closed = dealing(open);

  it('is not a new round while the countdown runs or the cards are dealt', () => {
    expect(startsNewRound(open, { ...open, lt: 4 })).toBe(false);
    expect(startsNewRound(open, closed)).toBe(false);
    expect(startsNewRound(closed, { ...closed, card: 'KCC' })).toBe(false);
  });

  it('is a new round on another round id', () => {
    expect(startsNewRound(closed, makeRound({ mid: '2611230100132', lt: 20 }))).toBe(true);
  });

  it('is a new round when the countdown restarts from 0', () => {
    expect(startsNewRound(closed, { ...closed, lt: 20 })).toBe(true);
  });

  it('nothing to compare with is not a new round', () => {
    expect(startsNewRound(null, open)).toBe(false);
  });
});

describe('the slip clears on a new round except on roulette', () => {
  it('clears on a card table', () => {
    const previous = dealing(makeRound());
    expect(clearsSlip(previous, makeRound({ mid: '2611230100132' }))).toBe(true);
  });

  it('does not clear on roulette', () => {
    const previous = dealing(makeRound({ gtype: 'roulette' }));
    expect(clearsSlip(previous, makeRound({ gtype: 'roulette', mid: '2611230700132' }))).toBe(false);
  });

  it('does not clear within a round', () => {
    const round = makeRound();
    expect(clearsSlip(round, dealing(round))).toBe(false);
  });
});

describe('items are locked when suspended or without a rate', () => {
  it('an active item with a rate takes bets', () => {
    expect(isItemLocked(makeItem())).toBe(false);
  });
  it('a suspended item is locked', () => {
    expect(isItemLocked(makeItem({ gstatus: 'SUSPENDED' }))).toBe(true);
  });
  it('a zero rate is locked', () => {
    expect(isItemLocked(makeItem({ b: 0 }))).toBe(true);
  });
});

describe('a board locks as one layer when betting closes', () => {
  it('is locked when every item on it is locked, and open while any item takes bets', () => {
    const round = makeRound();
    expect(isBoardLocked(round.items)).toBe(false);
    expect(isBoardLocked(dealing(round).items)).toBe(true);
    expect(isBoardLocked([makeItem({ gstatus: 'SUSPENDED' }), makeItem({ sid: 2 })])).toBe(false);
  });

  it('an empty board is not locked (there is nothing to lock)', () => {
    expect(isBoardLocked([])).toBe(false);
  });
});

describe('items are grouped by type with the main markets first', () => {
  it('keeps the server order within a group and of the other groups', () => {
    const items = [
      makeItem({ sid: 5, nat: 'Dragon Even', type: 'oddeven' }),
      makeItem({ sid: 1, nat: 'Dragon', type: 'main' }),
      makeItem({ sid: 7, nat: 'Dragon Red', type: 'colour' }),
      makeItem({ sid: 2, nat: 'Tiger', type: 'main' }),
      makeItem({ sid: 26, nat: 'Tiger Even', type: 'oddeven' }),
    ];
    const groups = groupItems(items);
    expect(groups.map((group) => group.type)).toEqual(['main', 'oddeven', 'colour']);
    expect(groups[0]?.items.map((item) => item.nat)).toEqual(['Dragon', 'Tiger']);
    expect(groups[1]?.items.map((item) => item.nat)).toEqual(['Dragon Even', 'Tiger Even']);
    expect(groups.map((group) => group.title)).toEqual(['Main', 'Odd / Even', 'Colour']);
  });

  it('puts the roulette numbers and outside bets before the inside bets', () => {
    const items = [
      makeItem({ sid: 1, nat: '0', type: 'straight' }),
      makeItem({ sid: 38, nat: '0-1', type: 'split' }),
      makeItem({ sid: 146, nat: '1st 12', type: 'dozen' }),
      makeItem({ sid: 152, nat: 'Red', type: 'evenmoney' }),
    ];
    expect(groupItems(items).map((group) => group.type)).toEqual(['straight', 'evenmoney', 'dozen', 'split']);
  });

  it('an unknown group gets a capitalised title', () => {
    expect(groupItems([makeItem({ type: 'special' })])[0]?.title).toBe('Special');
  });

  it('no items, no groups', () => {
    expect(groupItems([])).toEqual([]);
  });
});

describe('the winner is the first part of the round description', () => {
  it('reads the winner', () => {
    expect(winnerOf('Player A | A: Pair | B: High card')).toBe('Player A');
    expect(winnerOf('17 Red')).toBe('17 Red');
    expect(winnerOf('')).toBe('');
  });
});

describe('dense groups are laid out in even rows', () => {
  it('balances the columns under the limit', () => {
    expect(balancedColumns(6, 4)).toBe(3);
    expect(balancedColumns(6, 8)).toBe(6);
    expect(balancedColumns(8, 4)).toBe(4);
    expect(balancedColumns(13, 8)).toBe(7);
    expect(balancedColumns(60, 8)).toBe(8);
    expect(balancedColumns(0, 4)).toBe(1);
  });
});

describe('the slip names roulette inside bets by their kind', () => {
  it('prefixes straight, split, street, corner and six line; other items keep their name', () => {
    expect(itemLabel(makeItem({ nat: '17', type: 'straight', subtype: 'roulette' }))).toBe('Number 17');
    expect(itemLabel(makeItem({ nat: '0-1', type: 'split', subtype: 'roulette' }))).toBe('Split 0-1');
    expect(itemLabel(makeItem({ nat: '1-2-3-4-5-6', type: 'sixline', subtype: 'roulette' }))).toBe('Six Line 1-2-3-4-5-6');
    expect(itemLabel(makeItem({ nat: 'Red', type: 'evenmoney', subtype: 'roulette' }))).toBe('Red');
    expect(itemLabel(makeItem())).toBe('Player A');
  });
});

describe('dense groups are split by side', () => {
  const names = (rows: ReturnType<typeof sideRows>) => rows.map((row) => [row.side, row.cells.map((cell) => cell.label)]);

  it('two sides: a row each, cells named without the side', () => {
    const items = ['Dragon A', 'Dragon 2', 'Tiger A', 'Tiger 2', 'Dragon 3'].map((nat, sid) => makeItem({ sid, nat, type: 'rank' }));
    expect(names(sideRows(items, 5))).toEqual([
      ['Dragon', ['A', '2', '3']],
      ['Tiger', ['A', '2']],
    ]);
  });

  it('one shared prefix is dropped from the cells', () => {
    const items = ['Joker A', 'Joker 2', 'Joker 3', 'Joker 4', 'Joker 5'].map((nat, sid) => makeItem({ sid, nat, type: 'joker' }));
    expect(names(sideRows(items, 5))).toEqual([[null, ['A', '2', '3', '4', '5']]]);
  });

  it('other groups keep their names in one row', () => {
    const cards = ['1-5 Cards', '6-10 Cards', '11-15 Cards', '16-25 Cards', '26-30 Cards'].map((nat, sid) => makeItem({ sid, nat, type: 'cards' }));
    expect(names(sideRows(cards, 5))).toEqual([[null, cards.map((item) => item.nat)]]);
    const short = ['A', '2', '3', '4', '5'].map((nat, sid) => makeItem({ sid, nat, type: 'rank' }));
    expect(names(sideRows(short, 5))).toEqual([[null, ['A', '2', '3', '4', '5']]]);
    const small = ['Dragon Even', 'Dragon Odd'].map((nat, sid) => makeItem({ sid, nat, type: 'oddeven' }));
    expect(names(sideRows(small, 5))).toEqual([[null, ['Dragon Even', 'Dragon Odd']]]);
  });
});

describe('motionScale', () => {
  it('keeps motions whole at real pace (a second between countdown seconds)', () => {
    expect(motionScale(1000)).toBe(1);
    expect(motionScale(800)).toBe(1);
  });

  it('shortens motions in step with a faster table, never below a twentieth', () => {
    expect(motionScale(100)).toBeCloseTo(0.1);
    expect(motionScale(50)).toBeCloseTo(0.05);
    expect(motionScale(10)).toBeCloseTo(0.05);
  });

  it('keeps motions whole without a measured pace', () => {
    expect(motionScale(0)).toBe(1);
    expect(motionScale(Number.NaN)).toBe(1);
  });
});

describe('drawsMotion', () => {
  it('draws the motions at real pace and at ten times it (the wheel lands in 260 ms)', () => {
    expect(drawsMotion(1)).toBe(true);
    expect(drawsMotion(motionScale(100))).toBe(true);
  });

  it('draws none at twenty times (the wheel would turn three times in 130 ms)', () => {
    expect(drawsMotion(motionScale(50))).toBe(false);
  });
});

describe('nextPace', () => {
  it('averages the time between consecutive seconds and keeps it across rounds', () => {
    let pace = nextPace(null, 20, 0);
    expect(paceIntervalMs(pace)).toBeNull();
    // Bursts: 5 ms, then 95 ms, around a true 50 ms a second.
    for (let i = 1; i <= 19; i += 1) pace = nextPace(pace, 20 - i, i * 50 + (i % 2 === 0 ? 45 : -45));
    expect(paceIntervalMs(pace)).toBeGreaterThan(30);
    expect(paceIntervalMs(pace)).toBeLessThan(70);
    expect(motionScale(paceIntervalMs(pace) ?? 0)).toBeCloseTo(0.05);
    // A new round's countdown starts again at 20: what was learnt stays.
    const learnt = paceIntervalMs(pace);
    pace = nextPace(pace, 20, 5000);
    expect(paceIntervalMs(pace)).toBe(learnt);
    // The same second twice is not an interval.
    expect(nextPace(pace, 20, 5100)).toBe(pace);
  });

  it('times a run from its first second counted down, and first estimates over four intervals', () => {
    // A snapshot at 20 came 990 ms into its second; the table runs at 100 ms a second in bursts.
    let pace = nextPace(null, 20, 0);
    pace = nextPace(pace, 19, 10);
    expect(paceIntervalMs(pace)).toBeNull();
    for (const [lt, at] of [
      [18, 15],
      [17, 210],
      [16, 215],
    ] as const) {
      pace = nextPace(pace, lt, at);
      expect(paceIntervalMs(pace)).toBeNull();
    }
    pace = nextPace(pace, 15, 410);
    expect(paceIntervalMs(pace)).toBe(100);
    expect(motionScale(paceIntervalMs(pace) ?? 0)).toBeCloseTo(0.1);
  });

  it('averages a late tick and the quick one after it out', () => {
    let pace = nextPace(null, 20, 0);
    const times = [100, 200, 300, 400, 500, 700, 705, 800, 900, 1000];
    times.forEach((at, i) => {
      pace = nextPace(pace, 19 - i, at);
    });
    expect(paceIntervalMs(pace)).toBe(100);
  });
});

describe('which updates are shown at once rather than with the next display batch', () => {
  const at = { mid: '1', ts: 1 };
  it('shows a change of betting at once and lets a countdown tick wait', () => {
    expect(showsAtOnce({ ...at, status: 'SUSPENDED', lt: 0 })).toBe(true);
    expect(showsAtOnce({ ...at, items: [] })).toBe(true);
    expect(showsAtOnce({ ...at, results: [] })).toBe(true);
    expect(showsAtOnce({ ...at, lt: 13 })).toBe(false);
    expect(showsAtOnce({ ...at, next_lt: 2 })).toBe(false);
  });
  it('shows a staged table\'s stage at once, and a card dealt within a stage with the batch', () => {
    expect(showsAtOnce({ ...at, card: '2CC,4HH,2DD,JCC', hands: [], next_lt: 3 })).toBe(true);
    expect(showsAtOnce({ ...at, card: '2CC', hands: [] })).toBe(false);
    expect(showsAtOnce({ ...at, card: '2CC,4HH,2DD,JCC,8HH', hands: [], next_lt: 0 })).toBe(false);
  });
});
