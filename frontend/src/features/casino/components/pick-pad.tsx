// A pick item's pad: the player builds a pick (Worli's digits, three ranks, a lottery number,
// KBC's answers), the server quotes its name and rate, and Select puts it in the bet slip (the
// lottery's Add to ticket puts it on the ticket).
// Slots sharing their choices are filled from one pad in turn (⌫ takes the last back); slots
// with their own choices are answered question by question. A pick can be built while the round
// deals; Select waits for betting.
import { memo, useEffect, useState } from 'react';
import { Box, Button, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { CasinoItem, PickQuote, PickSpec } from '@/types';
import { formatFixed } from '@/utils/format';
import { quotePick } from '../api/quote-pick';
import { answer, completePick, emptyDraft, sharesOnePad, tapPad, untapPad, type PickDraft } from '../model/pick';
import { isItemLocked } from '../model/round';
import { selectPick } from '../hooks/use-bet-actions';
import { useCasinoStore } from '../stores/casino-store';
import { useTicketStore } from '../stores/ticket-store';

type Quote = { pick: string; quote: PickQuote | null; error: string | null };

/** The table whose picks go on a ticket, placed together (the lottery). */
const TICKET_TABLE = 'lottcard';

function addToTicket(item: CasinoItem, quote: PickQuote): void {
  useTicketStore.getState().add({ sid: item.sid, pick: quote.pick, nat: quote.nat, rate: quote.rate, stake: item.min, min: item.min, max: item.max });
}

function OnePad({ spec, draft, onChange }: { spec: PickSpec; draft: PickDraft; onChange: (draft: PickDraft) => void }) {
  const choices = spec.slots[0]?.choices ?? [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'center' }} aria-label="Your pick">
        {draft.map((value, index) => (
          <Box key={spec.slots[index]?.label ?? index} data-testid="pick-slot" title={spec.slots[index]?.label} sx={{ width: 34, height: 34, display: 'grid', placeItems: 'center', border: 1, borderColor: value === null ? 'divider' : 'primary.main', borderRadius: 1, fontWeight: 700 }}>
            {value ?? ''}
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${Math.min(choices.length + 1, 7)}, minmax(0, 1fr))`, gap: 0.5 }}>
        {choices.map((choice) => (
          <Button key={choice} variant="outlined" size="small" disabled={spec.distinct && draft.includes(choice)} onClick={() => onChange(tapPad(spec, draft, choice))} sx={{ minWidth: 0, fontWeight: 700 }}>
            {choice}
          </Button>
        ))}
        <Button variant="outlined" size="small" color="inherit" aria-label="Remove the last" disabled={draft.every((value) => value === null)} onClick={() => onChange(untapPad(draft))} sx={{ minWidth: 0 }}>
          ⌫
        </Button>
      </Box>
    </Box>
  );
}

function Questions({ spec, draft, onChange }: { spec: PickSpec; draft: PickDraft; onChange: (draft: PickDraft) => void }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {spec.slots.map((slot, index) => (
        <Box key={slot.label} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontSize: 12, width: 130, flexShrink: 0 }}>
            {index + 1}. {slot.label}
          </Typography>
          <ToggleButtonGroup size="small" exclusive value={draft[index]} aria-label={slot.label} onChange={(_, value: string | null) => value !== null && onChange(answer(draft, index, value))}>
            {slot.choices.map((choice) => (
              <ToggleButton key={choice} value={choice} sx={{ py: 0.25, px: 1, fontSize: 12 }}>
                {choice}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      ))}
    </Box>
  );
}

export const PickPad = memo(function PickPad({ item }: { item: CasinoItem }) {
  const spec = item.pick as PickSpec;
  const gtype = useCasinoStore((state) => state.round?.gtype ?? '');
  const [draft, setDraft] = useState<PickDraft>(() => emptyDraft(spec));
  const [quote, setQuote] = useState<Quote | null>(null);
  const locked = isItemLocked(item);
  const pick = completePick(draft);
  const key = pick?.join('|') ?? '';

  useEffect(() => {
    if (!pick || !gtype) return;
    let live = true;
    quotePick({ gType: gtype, sectionId: item.sid, pick })
      .then((answer) => live && setQuote({ pick: key, quote: answer ?? null, error: null }))
      .catch((error: { message?: string }) => live && setQuote({ pick: key, quote: null, error: error.message ?? 'This pick cannot be bet' }));
    return () => {
      live = false;
    };
    // The pick's text is its identity; `pick` itself is a new array every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, gtype, item.sid]);

  const current = quote?.pick === key && pick ? quote : null;
  const ticket = item.subtype === TICKET_TABLE;
  return (
    <Box data-testid={`pick-${item.sid}`} data-nat={item.nat} data-locked={locked ? 'true' : 'false'} sx={{ p: 1, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'rgba(255,255,255,0.04)', display: 'flex', flexDirection: 'column', gap: 0.75 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
        <Typography sx={{ fontWeight: 700, fontSize: 14, flex: 1 }}>{item.nat}</Typography>
        <Typography sx={{ fontSize: 11, color: 'text.secondary' }}>
          Min: {formatFixed(item.min)} | Max: {formatFixed(item.max)}
        </Typography>
      </Box>
      {sharesOnePad(spec) ? <OnePad spec={spec} draft={draft} onChange={setDraft} /> : <Questions spec={spec} draft={draft} onChange={setDraft} />}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 32 }}>
        <Typography data-testid="pick-quote" sx={{ flex: 1, fontSize: 12, color: current?.error ? 'error.main' : 'text.secondary' }}>
          {current?.quote ? `${current.quote.nat} at ${current.quote.rate}` : (current?.error ?? (pick ? 'Pricing…' : `Pick ${spec.slots.length}`))}
        </Typography>
        <Button size="small" color="inherit" onClick={() => setDraft(emptyDraft(spec))} disabled={draft.every((value) => value === null)}>
          Clear
        </Button>
        {ticket ? (
          <Button size="small" variant="contained" disabled={!current?.quote} onClick={() => current?.quote && addToTicket(item, current.quote)}>
            Add to ticket
          </Button>
        ) : (
          <Button size="small" variant="contained" disabled={locked || !current?.quote} onClick={() => current?.quote && selectPick(item, current.quote)}>
            Select
          </Button>
        )}
      </Box>
    </Box>
  );
});
