// Time travel: the ledger as it was at a moment (a time or a log number), every account's
// balance, exposure and open bets then; the log's events around it, filtered and exported as
// JSON lines; and the invariant check over the whole log.
import { useState } from 'react';
import { Stack } from '@mui/material';
import { Events } from './events';
import { Invariants } from './invariants';
import { Moment } from './moment';

export function AuditPage() {
  const [around, setAround] = useState<number | null>(null);
  return (
    <Stack spacing={2}>
      <Moment onTravel={setAround} />
      <Invariants />
      <Events around={around} />
    </Stack>
  );
}
