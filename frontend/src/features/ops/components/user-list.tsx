// The operators' user search: every account whose name contains the text, with its money and
// state; a row opens the user's page.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Chip, Stack, TextField } from '@mui/material';
import { DataTable, TablePager, type DataColumn } from '@/components/data-table';
import { pageCount } from '@/components/pagination';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { notify } from '@/lib/notify';
import type { OpsUserRow } from '@/types';
import { formatFixed } from '@/utils/format';
import { listUsers, type Page } from '../api';

const PAGE_SIZE = 20;

const COLUMNS: ReadonlyArray<DataColumn<OpsUserRow>> = [
  { id: 'username', header: 'Username', render: (u) => u.username },
  { id: 'role', header: 'Role', render: (u) => u.role },
  { id: 'balance', header: 'Balance', align: 'right', nowrap: true, render: (u) => formatFixed(u.balance) },
  { id: 'exposure', header: 'Exposure', align: 'right', nowrap: true, render: (u) => formatFixed(u.exposure) },
  { id: 'sessions', header: 'Sessions', align: 'right', render: (u) => u.sessions },
  {
    id: 'state',
    header: 'State',
    render: (u) => (
      <Stack direction="row" spacing={0.5}>
        {u.bettingLocked && <Chip size="small" color="error" label="Betting locked" />}
        {u.mustChangePassword && <Chip size="small" color="warning" label="Must change password" />}
      </Stack>
    ),
  },
];

export function UserList() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<Page<OpsUserRow> | null>(null);
  const query = useDebouncedValue(search.trim(), 250);

  useEffect(() => {
    let live = true;
    listUsers(query, page, PAGE_SIZE)
      .then((found) => live && found && setResult(found))
      .catch((error: { message?: string }) => notify.error(error.message));
    return () => {
      live = false;
    };
  }, [query, page]);

  return (
    <Stack spacing={2}>
      <TextField
        label="Search username"
        size="small"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
        sx={{ maxWidth: 320 }}
      />
      <DataTable
        label="Users"
        columns={COLUMNS}
        rows={result?.rows ?? []}
        rowKey={(u) => u.username}
        loading={result === null}
        onRowClick={(u) => navigate(`/ops/users/${encodeURIComponent(u.username)}`)}
        rowProps={(u) => ({ 'data-username': u.username })}
      />
      <TablePager page={page} pageSize={PAGE_SIZE} total={result?.total ?? 0} totalPages={pageCount(result?.total ?? 0, PAGE_SIZE)} onPageChange={setPage} />
    </Stack>
  );
}
