// Activity Log (spec §2): from/to dates (default: this week, Monday to today), type, a search
// sent 500 ms after the last keystroke, page size; table Username, Date, IP Address. The server
// pages: every change of filter, size or page asks it again.
import { useEffect, useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { DataTable, TablePager, type DataColumn } from '@/components/data-table';
import { DateField } from '@/components/date-field';
import { DEFAULT_PAGE_SIZE, pageCount, PageSizeSelect } from '@/components/pagination';
import type { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { ActivityRow } from '@/types';
import { dayRangeQuery, formatDateTime, formatQueryDate } from '@/utils/format';
import { getActivityLog, type ActivityPage, type ActivityType } from '../api/get-activity-log';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { startOfDay, startOfWeek } from '../model/dates';
import { FilterBar, ReportCard, SearchField, TableToolbar } from './report-card';

export const ACTIVITY_SEARCH_DEBOUNCE_MS = 500;

const TYPES: ReadonlyArray<{ value: ActivityType; label: string }> = [
  { value: '', label: 'All' },
  { value: 'Login', label: 'Login' },
  { value: 'Change Password', label: 'Change Password' },
];

const COLUMNS: ReadonlyArray<DataColumn<ActivityRow>> = [
  { id: 'username', header: 'Username', render: (row) => row.username },
  { id: 'date', header: 'Date', nowrap: true, render: (row) => formatDateTime(row.createdAt) },
  { id: 'ip', header: 'IP Address', render: (row) => row.ip },
];

const EMPTY: ActivityPage = { rows: [], total: 0 };

export function ActivityLog() {
  const [today] = useState(() => startOfDay(new Date()));
  const [from, setFrom] = useState(() => startOfWeek(today));
  const [to, setTo] = useState(today);
  const [type, setType] = useState<ActivityType>('');
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), ACTIVITY_SEARCH_DEBOUNCE_MS);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<ActivityPage>(EMPTY);
  const [loading, setLoading] = useState(false);

  // Any filter change starts again from page 1.
  const [filterKey, setFilterKey] = useState('');
  const key = [formatQueryDate(from), formatQueryDate(to), type, term, pageSize].join('|');
  if (key !== filterKey) {
    setFilterKey(key);
    setPage(1);
  }

  useEffect(() => {
    let live = true;
    setLoading(true);
    getActivityLog({ search: term, type, ...dayRangeQuery(from, to), page, limit: pageSize })
      .then((next) => {
        if (live) setResult(next);
      })
      .catch((error: unknown) => {
        if (!live) return;
        setResult(EMPTY);
        notify.error((error as ApiError).message);
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [from, to, type, term, page, pageSize]);

  const totalPages = pageCount(result.total, pageSize);

  return (
    <ReportCard title="Activity Log">
      <FilterBar label="Activity filters">
        <DateField label="From" value={from} onChange={setFrom} max={to} />
        <DateField label="To" value={to} onChange={setTo} min={from} />
        <TextField
          select
          size="small"
          label="Type"
          value={type}
          onChange={(event) => setType(event.target.value as ActivityType)}
          sx={{ minWidth: 170 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          {TYPES.map((option) => (
            <MenuItem key={option.label} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      </FilterBar>
      <TableToolbar>
        <PageSizeSelect value={pageSize} onChange={setPageSize} />
        <SearchField value={search} onChange={setSearch} />
      </TableToolbar>
      <DataTable
        label="Activity Log"
        columns={COLUMNS}
        rows={result.rows}
        rowKey={(_row, index) => `${page}-${index}`}
        loading={loading}
        emptyText="No data available"
        rowProps={() => ({ 'data-testid': 'activity-row' })}
      />
      <TablePager page={page} pageSize={pageSize} total={result.total} totalPages={totalPages} onPageChange={setPage} />
    </ReportCard>
  );
}
