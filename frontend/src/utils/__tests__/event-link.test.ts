import { betLink, eventLink, tickerLink } from '../event-link';

describe('event link choice (spec §2)', () => {
  it('sends iscc 0 to the sports match page', () => {
    expect(eventLink({ etid: 4, gmid: 100000, iscc: 0 })).toBe('/game-details/4/100000');
  });

  it('sends iscc 1 to the cricket-virtual table', () => {
    expect(eventLink({ etid: 4, gmid: 7, iscc: 1 })).toBe('/cricketv/4/7');
  });

  it('sends any other iscc to virtual cricket', () => {
    expect(eventLink({ etid: 4, gmid: 7, iscc: 2 })).toBe('/virtual-cricket/4/7');
    expect(eventLink({ etid: 4, gmid: 7, iscc: 9 })).toBe('/virtual-cricket/4/7');
  });

  it('treats a missing iscc as a real match', () => {
    expect(eventLink({ etid: 1, gmid: 3 })).toBe('/game-details/1/3');
    expect(eventLink({ etid: 1, gmid: 3, iscc: null })).toBe('/game-details/1/3');
  });

  it('links ticker events by sport id and event id', () => {
    expect(tickerLink(2, 55)).toBe('/game-details/2/55');
  });

  it('links My Market rows by bet type, then by the fixture kind', () => {
    expect(betLink({ etid: 4, gameId: 9, gType: 'cricketv' })).toBe('/cricketv/4/9');
    expect(betLink({ etid: 4, gameId: 9, gType: 'virtual-cricket' })).toBe('/virtual-cricket/4/9');
    expect(betLink({ etid: 4, gameId: 9, gType: 'match' })).toBe('/game-details/4/9');
    expect(betLink({ etid: 4, gameId: 9, gType: 'fancy' }, 2)).toBe('/virtual-cricket/4/9');
    expect(betLink({ etid: 4, gameId: 9, gType: 'match' }, 1)).toBe('/cricketv/4/9');
  });
});
