import type { Fixture } from '@/types';
import { isccByGmid, mergeTree, withHomeDelta } from '../stores/sports-store';

describe('sidebar tree', () => {
  it('merges t1 and t2 and sorts sports by oid', () => {
    const cricket = { name: 'Cricket', oid: 1, children: [] };
    const virtual = { name: 'Virtual Cricket', oid: 10, children: [] };
    const football = { name: 'Football', oid: 2, children: [] };
    expect(mergeTree([football, cricket], [virtual]).map((n) => n.name)).toEqual(['Cricket', 'Football', 'Virtual Cricket']);
  });

  it('knows the iscc of every match', () => {
    const tree = [{ name: 'V', oid: 1, children: [{ name: 'T', oid: 0, children: [{ name: 'A v B', oid: 0, children: [], etid: 4, gmid: 7, iscc: 2 }] }] }];
    expect(isccByGmid(tree).get(7)).toBe(2);
  });
});

describe('a home-table delta patches the table', () => {
  const row = (gmid: number, stime: string, ename = `Match ${gmid}`): Fixture => ({ etid: 4, gmid, ename, cname: 'League', stime, iplay: false, tv: false, f: false, bm: false, iscc: 0, section: [] });
  const table = [row(1, '2026-11-25T10:00:00Z'), row(2, '2026-11-25T11:00:00Z'), row(3, '2026-11-25T12:00:00Z')];

  it('replaces a changed row in place, adds a new one in start order and drops the ones that left', () => {
    const next = withHomeDelta(table, { rows: [row(2, '2026-11-25T11:00:00Z', 'Renamed'), row(4, '2026-11-25T10:30:00Z')], removed: [3] });
    expect(next.map((r) => [r.gmid, r.ename])).toEqual([
      [1, 'Match 1'],
      [4, 'Match 4'],
      [2, 'Renamed'],
    ]);
    expect(table).toHaveLength(3);
  });

  it('orders rows starting together by id, as the server does', () => {
    expect(withHomeDelta([row(9, '2026-11-25T10:00:00Z')], { rows: [row(5, '2026-11-25T10:00:00Z')], removed: [] }).map((r) => r.gmid)).toEqual([5, 9]);
  });
});
