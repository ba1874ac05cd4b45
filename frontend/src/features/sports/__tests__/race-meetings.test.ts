import type { Fixture } from '@/types';
import { meetings } from '../components/race-meetings';

const race = (gmid: number, cname: string, stime: string, iplay = false): Fixture => ({ etid: 4339, gmid, ename: `${cname} 480 m`, cname, stime, iplay, tv: false, f: false, bm: false, iscc: 0, section: [] });

describe('race meetings', () => {
  it('groups races by venue in off-time order, with pre-race, in-play and result', () => {
    const live = [race(3, 'Hove', '2026-01-01T10:20:00Z'), race(1, 'Romford', '2026-01-01T10:05:00Z', true), race(2, 'Romford', '2026-01-01T10:12:00Z')];
    const list = meetings(live, [race(9, 'Hove', '2026-01-01T10:01:00Z'), race(2, 'Romford', '2026-01-01T10:12:00Z')]);
    expect(list.map((m) => m.venue)).toEqual(['Hove', 'Romford']);
    expect(list[0]?.races.map((r) => [r.fixture.gmid, r.status])).toEqual([[9, 'result'], [3, 'pre-race']]);
    expect(list[1]?.races.map((r) => [r.fixture.gmid, r.status])).toEqual([[1, 'in-play'], [2, 'pre-race']]);
  });
});
