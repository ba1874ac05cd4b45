// One dialog for every feed action: the remark always; a price move asks for the section, side
// and price; a settlement for the result its market's type takes; a finish for the winner.
import { useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { notify } from '@/lib/notify';
import type { OpsFixture, OpsMarket } from '@/types';
import { actOnFixture, actOnMarket } from '../api';
import { EMPTY_FORM, fixtureActionBody, marketActionBody, pricedInRuns, resultShape, type FeedForm, type FixtureActionKind, type MarketActionKind } from '../model/feed-action';

export type FeedTarget =
  | { fixture: OpsFixture; market: OpsMarket; kind: MarketActionKind }
  | { fixture: OpsFixture; market: null; kind: FixtureActionKind };

const TITLES: Record<MarketActionKind | FixtureActionKind, string> = {
  suspend: 'Suspend',
  resume: 'Resume',
  price: 'Move price',
  settle: 'Settle',
  void: 'Void',
  finish: 'Finish',
};

type Props = { target: FeedTarget | null; onClose: () => void; onDone: () => void };

export function FeedActionDialog({ target, onClose, onDone }: Props) {
  const [form, setForm] = useState<FeedForm>(EMPTY_FORM);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<FeedForm>) => setForm((current) => ({ ...current, ...patch }));
  const body = target === null ? 'No action' : target.market ? marketActionBody(target.kind, target.market, form) : fixtureActionBody(target.kind, form);
  const problem = typeof body === 'string' ? body : null;

  const close = () => {
    setForm(EMPTY_FORM);
    onClose();
  };

  const submit = async () => {
    if (target === null || typeof body === 'string') return;
    setBusy(true);
    try {
      const message = target.market ? await actOnMarket(target.fixture.gmid, target.market.mid, target.kind, body) : await actOnFixture(target.fixture.gmid, target.kind, body);
      if (message) notify.success(message);
      close();
      onDone();
    } catch (error) {
      notify.error((error as { message?: string }).message);
    } finally {
      setBusy(false);
    }
  };

  const market = target?.market ?? null;
  const title = target ? `${TITLES[target.kind]}: ${market ? `${market.mname} (${target.fixture.ename})` : target.fixture.ename}` : '';
  const sectionPicker = (label: string) => (
    <TextField select label={label} value={form.sid ?? ''} onChange={(e) => set({ sid: Number(e.target.value) })}>
      {(market?.sections ?? []).map((s) => (
        <MenuItem key={s.sid} value={s.sid}>
          {s.nat}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Dialog open={target !== null} onClose={close} fullWidth maxWidth="xs" aria-labelledby="feed-action-title">
      <DialogTitle id="feed-action-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {target?.kind === 'price' && market && (
            <>
              {sectionPicker('Section')}
              <TextField select label="Side" value={form.side} onChange={(e) => set({ side: e.target.value as FeedForm['side'] })}>
                <MenuItem value="back">Back</MenuItem>
                <MenuItem value="lay">Lay</MenuItem>
              </TextField>
              <TextField label={pricedInRuns(market.gtype) ? 'Run line' : 'Odds'} value={form.price} onChange={(e) => set({ price: e.target.value })} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
            </>
          )}
          {target?.kind === 'settle' && market && resultShape(market.gtype) === 'winner' && sectionPicker('Winner')}
          {target?.kind === 'settle' && market && resultShape(market.gtype) === 'runs' && (
            <TextField label="Runs" value={form.runs} onChange={(e) => set({ runs: e.target.value })} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          )}
          {target?.kind === 'settle' && market && resultShape(market.gtype) === 'happened' && (
            <Stack>
              <Typography variant="body2">Sections that happened</Typography>
              {market.sections.map((s) => (
                <FormControlLabel
                  key={s.sid}
                  label={s.nat}
                  control={<Checkbox checked={form.happened.includes(s.sid)} onChange={(e) => set({ happened: e.target.checked ? [...form.happened, s.sid] : form.happened.filter((sid) => sid !== s.sid) })} />}
                />
              ))}
            </Stack>
          )}
          {target?.kind === 'finish' && (
            <TextField select label="Winner" value={form.winner} onChange={(e) => set({ winner: e.target.value as FeedForm['winner'] })}>
              <MenuItem value="home">Home</MenuItem>
              <MenuItem value="away">Away</MenuItem>
              <MenuItem value="draw">Draw</MenuItem>
            </TextField>
          )}
          {target?.kind === 'void' && <Typography variant="body2">Every stake on this market is returned.</Typography>}
          <TextField label="Remark" required value={form.remark} onChange={(e) => set({ remark: e.target.value })} slotProps={{ htmlInput: { maxLength: 200 } }} />
          {problem && form.remark.trim() !== '' && (
            <Typography variant="body2" color="error">
              {problem}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" disabled={busy || problem !== null} onClick={() => void submit()}>
          {target ? TITLES[target.kind] : 'Confirm'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
