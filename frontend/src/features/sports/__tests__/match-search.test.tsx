import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { MatchSearch, SEARCH_DEBOUNCE_MS } from '../components/match-search';
import { searchGame } from '../api/search-game';

vi.mock('../api/search-game', () => ({ searchGame: vi.fn() }));

describe('header match search', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('searches once 500 ms after the last keystroke and links by the iscc rule', async () => {
    vi.mocked(searchGame).mockResolvedValue([
      { etype: 'Cricket', etid: 4, gmid: 7, ename: 'India v Pakistan', stime: '2026-11-22T03:05:52Z', iscc: 0 },
      { etype: 'Cricket', etid: 4, gmid: 8, ename: 'India XI v Pakistan XI', stime: '2026-11-22T03:05:52Z', iscc: 2 },
    ]);
    render(
      <MemoryRouter>
        <MatchSearch />
      </MemoryRouter>,
    );
    const box = screen.getByRole('textbox', { name: 'Search match' });
    fireEvent.change(box, { target: { value: 'In' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100));
    fireEvent.change(box, { target: { value: 'Ind' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(searchGame).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(searchGame).toHaveBeenCalledTimes(1);
    expect(searchGame).toHaveBeenCalledWith('Ind');
    expect(screen.getByRole('link', { name: /India v Pakistan/ })).toHaveAttribute('href', '/game-details/4/7');
    expect(screen.getByRole('link', { name: /India XI v Pakistan XI/ })).toHaveAttribute('href', '/virtual-cricket/4/8');
  });

  it('an empty term clears the results without a call', async () => {
    vi.mocked(searchGame).mockResolvedValue([{ etype: 'Cricket', etid: 4, gmid: 7, ename: 'India v Pakistan', stime: '2026-11-22T03:05:52Z', iscc: 0 }]);
    render(
      <MemoryRouter>
        <MatchSearch />
      </MemoryRouter>,
    );
    const box = screen.getByRole('textbox', { name: 'Search match' });
    fireEvent.change(box, { target: { value: 'Ind' } });
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(screen.getByRole('link', { name: /India v Pakistan/ })).toBeInTheDocument();
    fireEvent.change(box, { target: { value: '  ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(screen.queryByRole('link', { name: /India v Pakistan/ })).not.toBeInTheDocument();
    expect(searchGame).toHaveBeenCalledTimes(1);
  });
});
