import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { vi } from 'vitest';
import { theme } from '@/testing/theme';
import { DataTable, toggleAll, type RowKey } from '../data-table';

type Row = { id: number; name: string };
const COLUMNS = [{ id: 'name', header: 'Name', render: (row: Row) => row.name }];

function Selectable({ rows }: { rows: Row[] }) {
  const [selected, setSelected] = useState<Set<RowKey>>(() => new Set());
  return (
    <ThemeProvider theme={theme}>
      <DataTable label="People" columns={COLUMNS} rows={rows} rowKey={(row) => row.id} selection={{ selected, onChange: setSelected }} />
    </ThemeProvider>
  );
}

describe('DataTable', () => {
  it('shows the empty text as one row when there are no rows', () => {
    render(<DataTable label="People" columns={COLUMNS} rows={[]} rowKey={(row: Row) => row.id} emptyText="No results found" />);
    expect(screen.getByRole('cell', { name: 'No results found' })).toBeInTheDocument();
  });

  it('select-all selects every row shown, then clears them', async () => {
    render(<Selectable rows={[{ id: 1, name: 'A' }, { id: 2, name: 'B' }]} />);
    const all = screen.getByRole('checkbox', { name: 'Select all rows' });
    await userEvent.click(all);
    expect(screen.getAllByRole('checkbox', { name: 'Select row' }).every((box) => (box as HTMLInputElement).checked)).toBe(true);
    await userEvent.click(all);
    expect(screen.getAllByRole('checkbox', { name: 'Select row' }).some((box) => (box as HTMLInputElement).checked)).toBe(false);
  });

  it('toggleAll keeps keys of other pages', () => {
    expect([...toggleAll(new Set([9]), [1, 2])]).toEqual([9, 1, 2]);
    expect([...toggleAll(new Set([9, 1, 2]), [1, 2])]).toEqual([9]);
  });

  it('a row click calls back, a checkbox click does not', async () => {
    const onRowClick = vi.fn();
    render(
      <DataTable
        label="People"
        columns={COLUMNS}
        rows={[{ id: 1, name: 'A' }]}
        rowKey={(row) => row.id}
        onRowClick={onRowClick}
        selection={{ selected: new Set(), onChange: () => {} }}
      />,
    );
    const row = screen.getAllByRole('row')[1]!;
    await userEvent.click(within(row).getByRole('checkbox'));
    expect(onRowClick).not.toHaveBeenCalled();
    await userEvent.click(within(row).getByText('A'));
    expect(onRowClick).toHaveBeenCalledWith({ id: 1, name: 'A' });
  });
});
