// Every casino table with its current round; lock or unlock one, pause or resume its dealing,
// void its round in play (the remark says why). A locked table's tile shows locked and it takes
// no bets; a paused table opens no new round; a void round returns every stake.
import { useCallback, useEffect, useState } from 'react';
import { Button, Chip, Stack, TextField } from '@mui/material';
import { DataTable, type DataColumn } from '@/components/data-table';
import { notify } from '@/lib/notify';
import type { OpsTable } from '@/types';
import { actOnTable, listTables, type TableAction } from '../api';

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

  const act = async (table: OpsTable, action: TableAction) => {
    try {
      const message = await actOnTable(table.gtype, action, remark.trim());
      if (message) notify.success(`${table.name}: ${message}`);
      await load();
    } catch (error) {
      notify.error((error as { message?: string }).message);
    }
  };

  const ready = remark.trim() !== '';
  const columns: ReadonlyArray<DataColumn<OpsTable>> = [
    { id: 'cid', header: 'Table', align: 'right', render: (t) => t.cid },
    { id: 'name', header: 'Name', render: (t) => t.name },
    { id: 'gtype', header: 'Game type', render: (t) => t.gtype },
    { id: 'round', header: 'Round', render: (t) => t.mid ?? '' },
    { id: 'status', header: 'Betting', render: (t) => (t.mid ? (t.betting ? 'Open' : 'Dealing') : '') },
    { id: 'lock', header: 'Lock', render: (t) => <Chip size="small" color={t.locked ? 'error' : 'success'} label={t.locked ? 'Locked' : 'Open'} /> },
    { id: 'dealing', header: 'Dealing', render: (t) => <Chip size="small" color={t.paused ? 'warning' : 'success'} label={t.paused ? 'Paused' : 'Dealing'} /> },
    {
      id: 'action',
      header: 'Actions',
      render: (t) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="outlined" color={t.locked ? 'primary' : 'error'} disabled={!ready} onClick={() => void act(t, t.locked ? 'unlock' : 'lock')}>
            {t.locked ? 'Unlock' : 'Lock'}
          </Button>
          <Button size="small" variant="outlined" disabled={!ready} onClick={() => void act(t, t.paused ? 'resume' : 'pause')}>
            {t.paused ? 'Resume' : 'Pause'}
          </Button>
          <Button size="small" variant="outlined" color="warning" disabled={!ready || !t.mid} onClick={() => void act(t, 'void')}>
            Void round
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <TextField size="small" label="Remark for the next action" value={remark} onChange={(e) => setRemark(e.target.value)} sx={{ maxWidth: 480 }} slotProps={{ htmlInput: { maxLength: 200 } }} />
      <DataTable label="Casino tables" columns={columns} rows={tables ?? []} rowKey={(t) => t.gtype} loading={tables === null} rowProps={(t) => ({ 'data-gtype': t.gtype })} />
    </Stack>
  );
}
