import { isccByGmid, mergeTree } from '../stores/sports-store';

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
