import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { vi } from 'vitest';
import { theme } from '@/testing/theme';
import { Pagination, pageCount, pageSlice, parseGoToPage, showingText } from '../pagination';

const renderPagination = (page: number, totalPages: number) => {
  const onPageChange = vi.fn();
  render(
    <ThemeProvider theme={theme}>
      <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} />
    </ThemeProvider>,
  );
  return onPageChange;
};

describe('Pagination', () => {
  it('disables First and Previous on page 1 and moves forward with Next and Last', async () => {
    const onPageChange = renderPagination(1, 5);
    expect(screen.getByRole('button', { name: 'First' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Last' }));
    expect(onPageChange.mock.calls).toEqual([[2], [5]]);
  });

  it('disables Next and Last on the last page and moves back with First and Previous', async () => {
    const onPageChange = renderPagination(5, 5);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'First' }));
    expect(onPageChange.mock.calls).toEqual([[4], [1]]);
  });

  it('jumps to a whole page number in range and ignores anything else', async () => {
    const onPageChange = renderPagination(1, 4);
    const input = screen.getByRole('textbox', { name: 'Go to page' });
    for (const entry of ['0', '5', '2.5', '-1', 'abc']) {
      await userEvent.type(input, `${entry}{Enter}`);
    }
    expect(onPageChange).not.toHaveBeenCalled();
    await userEvent.type(input, '3{Enter}');
    expect(onPageChange.mock.calls).toEqual([[3]]);
  });
});

describe('pagination helpers', () => {
  it('counts at least one page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('slices one page of a local list', () => {
    const items = Array.from({ length: 25 }, (_, i) => i + 1);
    expect(pageSlice(items, 3, 10)).toEqual([21, 22, 23, 24, 25]);
  });

  it('writes the showing line', () => {
    expect(showingText(1, 10, 0)).toBe('Showing 0 to 0 of 0 entries');
    expect(showingText(2, 10, 25)).toBe('Showing 11 to 20 of 25 entries');
    expect(showingText(3, 10, 25)).toBe('Showing 21 to 25 of 25 entries');
  });

  it('parses go-to-page entries', () => {
    expect(parseGoToPage(' 2 ', 3)).toBe(2);
    expect(parseGoToPage('4', 3)).toBeNull();
    expect(parseGoToPage('1e1', 30)).toBeNull();
  });
});
