// The invariant check over the whole log: started here, its progress polled while it runs, then
// each invariant's result and the first event that broke one.
import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { DataTable, type DataColumn } from '@/components/data-table';
import { notify } from '@/lib/notify';
import type { AuditCheck, OpsVerifyRun } from '@/types';
import { latestVerifyRun, startVerifyRun } from '../../api';

const CHECKS: ReadonlyArray<DataColumn<AuditCheck>> = [
  { id: 'pass', header: 'Result', render: (c) => <Chip size="small" color={c.pass ? 'success' : 'error'} label={c.pass ? 'Pass' : 'Fail'} /> },
  { id: 'name', header: 'Invariant', minWidth: 240, render: (c) => c.name },
  { id: 'checked', header: 'Checked', align: 'right', render: (c) => c.checked },
  { id: 'first', header: 'First failure', minWidth: 200, render: (c) => c.failures[0] ?? '' },
];

/** How often a running check is asked for its progress. */
const PROGRESS_POLL_MS = 300;

export function Invariants() {
  const [run, setRun] = useState<OpsVerifyRun | null>(null);

  const poll = useCallback(async () => {
    try {
      const latest = await latestVerifyRun();
      if (latest) setRun(latest);
    } catch (error) {
      notify.error((error as { message?: string }).message);
    }
  }, []);

  useEffect(() => {
    if (!run?.running) return;
    const timer = window.setTimeout(() => void poll(), PROGRESS_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [run, poll]);

  const start = async () => {
    try {
      const started = await startVerifyRun();
      if (started) setRun(started);
    } catch (error) {
      notify.error((error as { message?: string }).message);
    }
  };

  const report = run?.running ? null : (run?.report ?? null);
  const passed = report?.checks.every((c) => c.pass);
  const broken = report?.checks.find((c) => !c.pass);
  const first = report?.firstFailure;
  const percent = run && run.total > 0 ? Math.min(100, (run.done / run.total) * 100) : 0;
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2">
          Invariant check
        </Typography>
        <Button variant="contained" disabled={run?.running} onClick={() => void start()}>
          Run invariant check
        </Button>
        {report && (
          <Chip data-testid="audit-result" color={passed ? 'success' : 'error'} label={passed ? `All invariants hold over ${report.events} events` : `Broken: ${broken?.name ?? ''}`} />
        )}
      </Stack>
      {run?.running && (
        <Box data-testid="audit-progress" data-done={run.done} data-total={run.total}>
          <LinearProgress variant="determinate" value={percent} aria-label="Checking the log" />
          <Typography variant="body2">
            {run.done} of {run.total} events checked
          </Typography>
        </Box>
      )}
      {run?.error && <Typography color="error">The log could not be read: {run.error}</Typography>}
      {first && (
        <Typography color="error" data-testid="audit-first-failure" data-seq={first.seq}>
          First broken at event #{first.seq} ({first.check}): {first.message}
        </Typography>
      )}
      {report && <DataTable label="Invariants" columns={CHECKS} rows={report.checks} rowKey={(c) => c.name} />}
    </Paper>
  );
}
