// Every casino table with its current round; lock or unlock one, pause or resume its dealing,
// void its round in play. Each action asks for its remark (required: it says why) in a dialog
// that names the table and what the action does. A locked table's tile shows locked and it takes
// no bets; a paused table opens no new round; a void round returns every stake.
import { useCallback, useEffect, useState } from 'react';
import { Button, Chip, Stack, Typography } from '@mui/material';
import { DataTable, type DataColumn } from '@/components/data-table';
import { notify } from '@/lib/notify';
import type { OpsTable } from '@/types';
import { actOnTable, listTables, type TableAction } from '../api';
import { RemarkDialog, type RemarkAction } from './remark-dialog';

const REFRESH_MS = 5_000;

const TITLES: Record<TableAction, string> = { lock: 'Lock', unlock: 'Unlock', pause: 'Pause', resume: 'Resume', void: 'Void round' };

/** What each action does, as the dialog says it. */
const EFFECTS: Record<TableAction, string> = {
  lock: 'The table takes no bets and its lobby tile shows it locked.',
  unlock: 'The table takes bets again.',
  pause: 'The round in play finishes; no new round opens until dealing resumes.',
  resume: 'The table opens its next round.',
  void: 'The round in play is void: every stake on it is returned.',
};

export function CasinoTables() {
  const [tables, setTables] = useState<OpsTable[] | null>(null);
  const [confirming, setConfirming] = useState<RemarkAction | null>(null);

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

  const act = async (table: OpsTable, action: TableAction, remark: string): Promise<boolean> => {
    try {
      const message = await actOnTable(table.gtype, action, remark);
      if (message) notify.success(`${table.name}: ${message}`);
      await load();
      return true;
    } catch (error) {
      notify.error((error as { message?: string }).message);
      return false;
    }
  };

  const ask = (table: OpsTable, action: TableAction) =>
    setConfirming({
      title: `${TITLES[action]}: ${table.name}`,
      summary: (
        <Typography variant="body2">
          {action === 'void' && table.mid ? `Round ${table.mid}. ` : ''}
          {EFFECTS[action]}
        </Typography>
      ),
      confirmLabel: TITLES[action],
      confirmColor: action === 'lock' ? 'error' : action === 'void' ? 'warning' : 'primary',
      required: true,
      remarkHelp: 'Required: recorded with the action to say why.',
      run: (remark) => act(table, action, remark),
    });

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
          <Button size="small" variant="outlined" color={t.locked ? 'primary' : 'error'} onClick={() => ask(t, t.locked ? 'unlock' : 'lock')}>
            {t.locked ? 'Unlock' : 'Lock'}
          </Button>
          <Button size="small" variant="outlined" onClick={() => ask(t, t.paused ? 'resume' : 'pause')}>
            {t.paused ? 'Resume' : 'Pause'}
          </Button>
          <Button size="small" variant="outlined" color="warning" disabled={!t.mid} onClick={() => ask(t, 'void')}>
            Void round
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Each action asks for a remark that says why; it is recorded with the action.
      </Typography>
      <DataTable label="Casino tables" columns={columns} rows={tables ?? []} rowKey={(t) => t.gtype} loading={tables === null} rowProps={(t) => ({ 'data-gtype': t.gtype })} />
      <RemarkDialog action={confirming} onClose={() => setConfirming(null)} />
    </Stack>
  );
}
