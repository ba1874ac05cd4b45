import { act, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { vi } from 'vitest';
import { theme } from '@/testing/theme';
import { formatQueryDate } from '@/utils/format';
import { ActivityLog, ACTIVITY_SEARCH_DEBOUNCE_MS } from '../components/activity-log';
import { getActivityLog } from '../api/get-activity-log';
import { startOfWeek } from '../model/dates';

vi.mock('../api/get-activity-log', () => ({ getActivityLog: vi.fn() }));

const row = (i: number) => ({ username: 'player1', createdAt: new Date(2026, 2, 10, 10, i).toISOString(), ip: `203.0.113.${i}`, type: 'Login' });

async function flush() {
  await act(async () => {});
}

describe('activity log', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.mocked(getActivityLog).mockImplementation(async ({ page, limit }) => ({
      rows: Array.from({ length: page === 1 ? limit : 2 }, (_, i) => row(i)),
      total: limit + 2,
    }));
  });
  afterEach(() => vi.useRealTimers());

  it('asks for this week (Monday to today), all types, page 1 of 10', async () => {
    render(
      <ThemeProvider theme={theme}>
        <ActivityLog />
      </ThemeProvider>,
    );
    await flush();
    const today = new Date();
    expect(getActivityLog).toHaveBeenLastCalledWith({ search: '', type: '', fromDate: formatQueryDate(startOfWeek(today)), toDate: formatQueryDate(today), utcOffset: -today.getTimezoneOffset() || 0, page: 1, limit: 10 });
    expect(screen.getAllByTestId('activity-row')).toHaveLength(10);
    expect(screen.getByTestId('showing-text')).toHaveTextContent('Showing 1 to 10 of 12 entries');
  });

  it('searches 500 ms after the last keystroke, from page 1', async () => {
    render(
      <ThemeProvider theme={theme}>
        <ActivityLog />
      </ThemeProvider>,
    );
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await flush();
    expect(getActivityLog).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
    expect(screen.getAllByTestId('activity-row')).toHaveLength(2);
    const calls = vi.mocked(getActivityLog).mock.calls.length;
    const box = screen.getByRole('textbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: '203' } });
    act(() => vi.advanceTimersByTime(ACTIVITY_SEARCH_DEBOUNCE_MS - 100));
    fireEvent.change(box, { target: { value: '203.0' } });
    act(() => vi.advanceTimersByTime(ACTIVITY_SEARCH_DEBOUNCE_MS - 1));
    expect(vi.mocked(getActivityLog).mock.calls.length).toBe(calls);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(vi.mocked(getActivityLog).mock.calls.length).toBe(calls + 1);
    expect(getActivityLog).toHaveBeenLastCalledWith(expect.objectContaining({ search: '203.0', page: 1 }));
  });
});
