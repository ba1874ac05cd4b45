// Every casino table with its current round; lock or unlock one (the remark says why). A locked
// table's tile shows locked and it takes no bets.
import { useCallback, useEffect, useState } from 'react';
import { Button, Chip, Stack, TextField } from '@mui/material';
import { DataTable, type DataColumn } from '@/components/data-table';
import { notify } from '@/lib/notify';
import type { OpsTable } from '@/types';
import { listTables, setTableLock } from '../api';

const REFRESH_MS = 5_000;

export function CasinoTables() {
  const [tables, setTables] = useState<OpsTable[] | null>(null);
  const [remark, setRemark] = useState('');

  const load = useCallback(async () => {
    try {
      const found = await listTables();
      if (found) setTables(found);
    } catch (error) {
      notify.error((error as { message?: string }).message);
    }
  }, []);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [load]);

  const toggle = async (table: OpsTable) => {
    try {
      const message = await setTableLock(table.gtype, !table.locked, remark.trim());
      if (message) notify.success(`${table.name}: ${message}`);
      await load();
    } catch (error) {
      notify.error((error as { message?: string }).message);
    }
  };

  const columns: ReadonlyArray<DataColumn<OpsTable>> = [
    { id: 'cid', header: 'Table', align: 'right', render: (t) => t.cid },
    { id: 'name', header: 'Name', render: (t) => t.name },
    { id: 'gtype', header: 'Game type', render: (t) => t.gtype },
    { id: 'round', header: 'Round', render: (t) => t.mid ?? '' },
    { id: 'status', header: 'Betting', render: (t) => (t.mid ? (t.betting ? 'Open' : 'Dealing') : '') },
    { id: 'lock', header: 'Lock', render: (t) => <Chip size="small" color={t.locked ? 'error' : 'success'} label={t.locked ? 'Locked' : 'Open'} /> },
    {
      id: 'action',
      header: 'Action',
      render: (t) => (
        <Button size="small" variant="outlined" color={t.locked ? 'primary' : 'error'} disabled={remark.trim() === ''} onClick={() => void toggle(t)}>
          {t.locked ? 'Unlock' : 'Lock'}
        </Button>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <TextField size="small" label="Remark for the next lock or unlock" value={remark} onChange={(e) => setRemark(e.target.value)} sx={{ maxWidth: 480 }} slotProps={{ htmlInput: { maxLength: 200 } }} />
      <DataTable label="Casino tables" columns={columns} rows={tables ?? []} rowKey={(t) => t.gtype} loading={tables === null} rowProps={(t) => ({ 'data-gtype': t.gtype })} />
    </Stack>
  );
}
