import { render, screen, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { vi } from 'vitest';
import type { RuleSet } from '@/types';
import { theme } from '@/testing/theme';
import { RulesDialog } from '../components/rules-dialog';
import { getRules } from '../api/get-rules';

vi.mock('../api/get-rules', () => ({ getRules: vi.fn() }));

const greyhounds: RuleSet = {
  etname: 'Greyhound Racing',
  gametypelist: [
    {
      gtype: 'match',
      rulelist: [{ rule: 'Win: one runner wins.', rcolor: '1' }],
      payouts: [],
      tables: [{ title: 'Traps', columns: ['Trap', 'Jacket'], rows: [['1', 'Red'], ['6', 'Black and white stripes']] }],
    },
    { gtype: 'nonrunner', rulelist: [{ rule: 'A withdrawn runner is void.', rcolor: '2' }], payouts: [], tables: [] },
  ],
};

describe('RulesDialog', () => {
  it("draws a rule set's tables, each greyhound trap with its jacket, under the race's market names", async () => {
    vi.mocked(getRules).mockResolvedValue([greyhounds]);
    render(
      <ThemeProvider theme={theme}>
        <RulesDialog open onClose={() => undefined} actions={null} />
      </ThemeProvider>,
    );
    const traps = await screen.findByRole('table', { name: 'Traps' });
    expect(within(traps).getByRole('img', { name: 'Trap 1' })).toBeInTheDocument();
    expect(within(traps).getByRole('img', { name: 'Trap 6' })).toBeInTheDocument();
    expect(within(traps).getByText('Black and white stripes')).toBeInTheDocument();
    expect(screen.getByText('Win (match)')).toBeInTheDocument();
    expect(screen.getByText('Non-runners (nonrunner)')).toBeInTheDocument();
  });
});
