// The market makers on the feed page: how they quote now and each maker's money, read again every
// five seconds. An operator pauses or resumes them (paused makers take their orders off the books
// at their next round) or changes how they quote; the change lasts until the server restarts.
// Each field is checked against the server's range before it is sent; the server's refusal is
// shown in the panel.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { DataTable, type DataColumn } from '@/components/data-table';
import type { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { OpsMaker, OpsMakers, OpsMakersRequest } from '@/types';
import { formatFixed } from '@/utils/format';
import { changeMakers, getMakers } from '../api';
import { MAKERS_FIELDS, MAKERS_RULES, fieldValue, makersChange, makersForm, type MakersForm } from '../model/makers-form';

const REFRESH_MS = 5_000;

const MAKER_COLUMNS: ReadonlyArray<DataColumn<OpsMaker>> = [
  { id: 'username', header: 'Maker', render: (m) => m.username },
  { id: 'balance', header: 'Balance', align: 'right', nowrap: true, render: (m) => formatFixed(m.balance) },
  { id: 'exposure', header: 'Exposure', align: 'right', nowrap: true, render: (m) => formatFixed(m.exposure) },
  { id: 'available', header: 'Available', align: 'right', nowrap: true, render: (m) => formatFixed(m.balance - m.exposure) },
  { id: 'orders', header: 'Unmatched orders', align: 'right', render: (m) => <span data-testid="maker-orders">{m.orders}</span> },
];

export function MakersPanel() {
  const [makers, setMakers] = useState<OpsMakers | null>(null);
  const [absent, setAbsent] = useState<string | null>(null);
  const [form, setForm] = useState<MakersForm | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const found = await getMakers();
      if (found) setMakers(found);
    } catch (error) {
      const { message, status } = error as ApiError;
      if (status === 404) setAbsent(message);
      else notify.error(message);
    }
  }, []);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [load]);

  const send = async (request: OpsMakersRequest) => {
    setBusy(true);
    try {
      const { makers: changed, message } = await changeMakers(request);
      if (changed) {
        setMakers(changed);
        // A pause or resume leaves settings being edited as they are.
        if (Object.keys(request).some((field) => field !== 'paused')) setForm(null);
      }
      setRefusal(null);
      if (message) notify.success(message);
    } catch (error) {
      const { message } = error as ApiError;
      setRefusal(message);
      notify.error(message);
    } finally {
      setBusy(false);
    }
  };

  if (absent) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }} aria-label="Market makers" component="section">
        <Typography variant="body2" data-testid="no-makers">
          Market makers: {absent}.
        </Typography>
      </Paper>
    );
  }
  if (!makers) return null;
  // The form follows the server's settings until the operator edits it.
  const shown = form ?? makersForm(makers);
  const change = makersChange(shown, makers);
  const changed = 'request' in change && Object.keys(change.request).length > 0;
  const edit = (field: keyof MakersForm, text: string) => setForm({ ...shown, [field]: text });

  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Market makers" component="section" data-testid="makers-panel" data-paused={makers.paused}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          Market makers
        </Typography>
        <Chip size="small" data-testid="makers-state" color={makers.paused ? 'warning' : 'success'} label={makers.paused ? 'Paused' : 'Quoting'} />
        <Button size="small" variant="contained" color={makers.paused ? 'success' : 'warning'} disabled={busy} onClick={() => void send({ paused: !makers.paused })}>
          {makers.paused ? 'Resume makers' : 'Pause makers'}
        </Button>
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {MAKERS_FIELDS.map((field) => {
          const value = fieldValue(field, shown[field]);
          return (
            <TextField
              key={field}
              size="small"
              label={MAKERS_RULES[field].label}
              value={shown[field]}
              onChange={(event) => edit(field, event.target.value)}
              error={typeof value === 'string'}
              helperText={typeof value === 'string' ? value : MAKERS_RULES[field].hint}
              slotProps={{ htmlInput: { inputMode: field === 'size' ? 'decimal' : 'numeric' } }}
              sx={{ width: 210 }}
            />
          );
        })}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1, mb: 1.5 }}>
        <Button variant="contained" disabled={busy || !changed} onClick={() => 'request' in change && void send(change.request)}>
          Save settings
        </Button>
        <Button disabled={busy || form === null} onClick={() => setForm(null)}>
          Reset
        </Button>
      </Stack>
      {refusal && (
        <Alert severity="error" onClose={() => setRefusal(null)} sx={{ mb: 1.5 }} data-testid="makers-refusal">
          The server refused the change: {refusal}
        </Alert>
      )}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        Changes last until the server restarts (then the configuration’s exchange.makers again).
      </Typography>
      <DataTable label="Market makers' money" columns={MAKER_COLUMNS} rows={makers.makers} rowKey={(m) => m.username} rowProps={(m) => ({ 'data-username': m.username })} />
    </Paper>
  );
}
