import { quickStakes } from '../stake-panel';

describe('quickStakes', () => {
  const buttons = [25, 50, 100, 500, 1000, 100000].map((value) => ({ label: String(value), value }));

  it('offers no quick stake below the minimum or above the maximum', () => {
    expect(quickStakes(buttons, 100, 50000).map((b) => b.value)).toEqual([100, 500, 1000]);
  });

  it('offers every quick stake where no limit is set', () => {
    expect(quickStakes(buttons, 0, 0)).toHaveLength(buttons.length);
  });
});
