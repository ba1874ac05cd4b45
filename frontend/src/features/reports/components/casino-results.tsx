// Casino Results (spec §2): a day (default today) and a casino table, Submit; rows per page,
// search by round id or name; table Round ID and Winner; a click opens the round's result
// dialog once the fetched result carries a round id. A failed fetch empties the list (spec §8).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { DataTable, TablePager, type DataColumn } from '@/components/data-table';
import { DateField } from '@/components/date-field';
import { PageSizeSelect } from '@/components/pagination';
import type { CasinoResultRow } from '@/types';
import { getCasinoResults } from '../api/get-casino-results';
import { useCasinoTables } from '../hooks/use-casino-tables';
import { pageOf, usePaging } from '../hooks/use-paging';
import { useResultModal } from '../hooks/use-result-modal';
import { filterResults } from '../model/casino-results';
import { startOfDay } from '../model/dates';
import { FilterBar, ReportCard, SearchField, TableToolbar } from './report-card';
import { ResultModal } from './result-modal';

const COLUMNS: ReadonlyArray<DataColumn<CasinoResultRow>> = [
  { id: 'mid', header: 'Round ID', render: (row) => row.mid },
  { id: 'winner', header: 'Winner', render: (row) => row.winner },
];

export type CasinoResultsProps = {
  /** The table to preselect (the page's `type` query parameter); its results load at once. */
  initialType?: string;
};

export function CasinoResults({ initialType = '' }: CasinoResultsProps) {
  const tables = useCasinoTables();
  const [date, setDate] = useState(() => startOfDay(new Date()));
  const [type, setType] = useState(initialType);
  const [rows, setRows] = useState<CasinoResultRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [search, setSearch] = useState('');
  const paging = usePaging();
  const { toFirstPage } = paging;
  const modal = useResultModal();

  // Whether a table's results were asked for yet: until then the empty table says what to do.
  const [submitted, setSubmitted] = useState(false);

  const load = useCallback(async (day: Date, gtype: string) => {
    setSubmitted(true);
    setLoading(true);
    toFirstPage();
    try {
      setRows(await getCasinoResults(day, gtype));
    } catch (error) {
      console.error('Error fetching casino results:', error);
      setRows([]);
    } finally {
      setLoading(false);
    }
  }, [toFirstPage]);

  useEffect(() => {
    if (initialType) void load(startOfDay(new Date()), initialType);
  }, [initialType, load]);

  const shown = useMemo(() => filterResults(rows, search), [rows, search]);
  const visible = pageOf(shown, paging);
  // A preselected type the list does not (yet) hold still shows as itself.
  const options = tables.some((table) => table.gmid === type) || !type ? tables : [{ gmid: type, gname: type }, ...tables];

  return (
    <ReportCard title="Casino Results">
      <FilterBar
        label="Casino result filters"
        onSubmit={() => {
          if (type) void load(date, type);
        }}
      >
        <DateField label="Date" value={date} onChange={setDate} />
        <TextField
          select
          size="small"
          label="Casino Type"
          value={type}
          onChange={(event) => setType(event.target.value)}
          sx={{ minWidth: 220 }}
          slotProps={{ select: { displayEmpty: true, renderValue: (value) => (value ? (options.find((option) => option.gmid === value)?.gname ?? String(value)) : 'Select Casino Type') }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="" disabled>
            Select Casino Type
          </MenuItem>
          {options.map((table) => (
            <MenuItem key={table.gmid} value={table.gmid}>
              {table.gname}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={!type} sx={{ height: 40 }}>
          Submit
        </Button>
      </FilterBar>
      <TableToolbar>
        <Box sx={{ '& .MuiTextField-root': { minWidth: 130 } }}>
          <PageSizeSelect label="Rows per page" value={paging.pageSize} onChange={paging.setPageSize} />
        </Box>
        <SearchField
          placeholder="Round id or name"
          value={search}
          onChange={(value) => {
            setSearch(value);
            toFirstPage();
          }}
        />
      </TableToolbar>
      <DataTable
        label="Casino Results"
        columns={COLUMNS}
        rows={visible.rows}
        rowKey={(row) => row.mid}
        loading={loading || modal.busy}
        emptyText={submitted ? 'No results found' : 'Choose a casino table (and a day), then Submit, to see its rounds'}
        onRowClick={(row) => void modal.openRound(row.gtype, row.mid)}
        rowProps={(row) => ({ 'data-testid': 'casino-result-row', 'data-mid': row.mid })}
      />
      <TablePager {...visible.pager} />
      {modal.data && <ResultModal key={modal.data.roundId} data={modal.data} onClose={modal.close} />}
    </ReportCard>
  );
}
