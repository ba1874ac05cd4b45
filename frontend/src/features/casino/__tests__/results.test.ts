import { resultBadge } from '../model/results';

describe('the result strip shows each table its own letters and colours', () => {
  it('teen patti: A gold, B red, T green', () => {
    expect(resultBadge('teen20', 'A')).toEqual({ label: 'A', background: '#f5b700', color: '#141414' });
    expect(resultBadge('teen20', 'B')).toMatchObject({ label: 'B', background: '#d32f2f' });
    expect(resultBadge('teen20', 'T')).toMatchObject({ label: 'T', background: '#2e7d32' });
  });

  it('dragon tiger: D red, T gold, TIE green', () => {
    expect(resultBadge('dt20', 'D')).toMatchObject({ label: 'D', background: '#d32f2f' });
    expect(resultBadge('dt20', 'T')).toMatchObject({ label: 'T', background: '#f5b700' });
    expect(resultBadge('dt20', 'TIE')).toMatchObject({ label: 'TIE', background: '#2e7d32' });
  });

  it('the same letter means different things on different tables', () => {
    expect(resultBadge('baccarat', 'B').background).toBe('#d32f2f');
    expect(resultBadge('ab20', 'B').background).toBe('#1e6fd0');
    expect(resultBadge('teen20', 'T').background).not.toBe(resultBadge('dt20', 'T').background);
  });

  it('lucky 7, andar bahar, baccarat and 32 cards letters', () => {
    expect(['L', 'H', '7'].map((win) => resultBadge('lucky7', win).label)).toEqual(['L', 'H', '7']);
    expect(resultBadge('ab20', 'A').background).toBe('#d32f2f');
    expect(resultBadge('baccarat', 'P').background).toBe('#1e6fd0');
    expect(new Set(['8', '9', '10', '11'].map((win) => resultBadge('card32', win).background)).size).toBe(4);
  });

  it('roulette numbers take the wheel colour: red, black, green zero', () => {
    expect(resultBadge('roulette', '32')).toMatchObject({ label: '32', background: '#d32f2f' });
    expect(resultBadge('roulette', '33')).toMatchObject({ label: '33', background: '#111' });
    expect(resultBadge('roulette', '0')).toMatchObject({ label: '0', background: '#2e7d32' });
  });

  it('an unknown letter or number shows as it is, in grey', () => {
    expect(resultBadge('teen20', 'X')).toMatchObject({ label: 'X', background: '#555' });
    expect(resultBadge('roulette', '37')).toMatchObject({ label: '37', background: '#555' });
    expect(resultBadge('worli', 'A')).toMatchObject({ label: 'A', background: '#555' });
  });
});
