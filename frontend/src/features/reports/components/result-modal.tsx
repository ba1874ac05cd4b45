// The result modal (spec §2): "<event> Result", the round id and match time, the game-specific
// result view, then the user's bets with the All / Back / Lay / Deleted filter, the totals of the
// rows shown and their summed profit; on an exchange market a winner's commission and net.
import { useMemo, useState } from 'react';
import {
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Radio,
  RadioGroup,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { DataTable, type DataColumn, type RowKey } from '@/components/data-table';
import type { BetView } from '@/types';
import { formatDateTime, formatFixed } from '@/utils/format';
import type { ResultModalData } from '../model/result-data';
import { BET_FILTERS, betTotals, filterBets, kbcAnswers, type BetFilter } from '../model/result-bets';
import { amountColour } from './report-card';
import { ResultView } from './result-view';

/** The bet's name; a KBC bet expands into its questions and answers. */
function Nation({ bet }: { bet: BetView }) {
  const kbc = bet.gType === 'kbc' ? kbcAnswers(bet.sectionName) : null;
  if (!kbc) return <>{bet.sectionName}</>;
  return (
    <Box data-testid="kbc-answers">
      <b>{kbc.mode}</b>
      {kbc.pairs.map(([question, answer]) => (
        <Box key={question} sx={{ fontSize: 12 }}>
          {question}: <b>{answer}</b>
        </Box>
      ))}
    </Box>
  );
}

const COLUMNS: ReadonlyArray<DataColumn<BetView>> = [
  { id: 'nation', header: 'Nation', nowrap: true, render: (bet) => <Nation bet={bet} /> },
  { id: 'rate', header: 'Rate', align: 'right', render: (bet) => bet.uRate },
  { id: 'amount', header: 'Amount', align: 'right', render: (bet) => formatFixed(bet.amount) },
  {
    id: 'win',
    header: 'Win',
    align: 'right',
    render: (bet) => (
      <Box component="span" sx={{ fontWeight: 700 }}>
        {bet.result === null ? '-' : formatFixed(bet.result)}
      </Box>
    ),
  },
  { id: 'date', header: 'Date', nowrap: true, render: (bet) => formatDateTime(bet.createdAt) },
  { id: 'ip', header: 'IP Address', render: (bet) => bet.ip },
  {
    id: 'browser',
    header: 'Browser Details',
    align: 'center',
    render: (bet) => (
      <Tooltip title={bet.browserDetails || 'unknown'}>
        <IconButton size="small" aria-label={`Browser details: ${bet.browserDetails || 'unknown'}`} sx={{ color: 'inherit' }} onClick={(event) => event.stopPropagation()}>
          <InfoOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    ),
  },
];

function Figure({ label, value, colour, testId }: { label: string; value: string; colour?: string; testId: string }) {
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {label}:{' '}
      <Box component="b" data-testid={testId} sx={{ color: colour }}>
        {value}
      </Box>
    </Typography>
  );
}

export type ResultModalProps = { data: ResultModalData; onClose: () => void };

export function ResultModal({ data, onClose }: ResultModalProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const [filter, setFilter] = useState<BetFilter>('all');
  const [selected, setSelected] = useState<Set<RowKey>>(() => new Set());
  const shown = useMemo(() => filterBets(data.bets, filter), [data, filter]);
  const totals = betTotals(shown);
  const isCasino = Boolean(data.round) || Boolean(data.bets[0]?.casino);
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth={false}
      fullScreen={fullScreen}
      aria-labelledby="result-modal-title"
      slotProps={{ paper: { sx: fullScreen ? undefined : { maxWidth: 980 } } }}
    >
      <DialogTitle id="result-modal-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, bgcolor: 'header.main', color: 'header.contrastText', py: 1.25, fontSize: 17 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {data.eventName} Result
        </Box>
        <IconButton aria-label="Close" onClick={onClose} sx={{ color: 'inherit' }} size="small">
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ p: { xs: 1.25, md: 2 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, pt: 1.5 }}>
          <Typography variant="body2">
            {isCasino ? 'Round Id' : 'Market Id'}: <b data-testid="result-round-id">{data.roundId}</b>
          </Typography>
          <Typography variant="body2">
            Match Time: <b data-testid="result-time">{formatDateTime(data.createdAt)}</b>
          </Typography>
        </Box>
        <ResultView data={data} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <RadioGroup row aria-label="Bet filter" value={filter} onChange={(event) => setFilter(event.target.value as BetFilter)}>
            {BET_FILTERS.map((option) => (
              <FormControlLabel key={option.value} value={option.value} control={<Radio size="small" />} label={option.label} />
            ))}
          </RadioGroup>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <Figure label="Total Bets" value={String(totals.count)} testId="result-total-bets" />
            <Figure label="Total Amount" value={formatFixed(totals.amount)} testId="result-total-amount" />
          </Box>
        </Box>
        <DataTable
          label="Result bets"
          columns={COLUMNS}
          rows={shown}
          rowKey={(bet) => bet.betId}
          emptyText="No record found!"
          selection={{ selected, onChange: setSelected }}
          rowSx={(bet) => ({ bgcolor: `${bet.betType}.main`, '& td': { color: `${bet.betType}.contrastText` } })}
          rowProps={(bet) => ({ 'data-testid': 'result-bet', 'data-side': bet.betType })}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 2, flexWrap: 'wrap' }}>
          <Figure label="Win/Loss" value={formatFixed(totals.profit)} colour={amountColour(totals.profit)} testId="result-profit" />
          {data.commission > 0 && filter === 'all' && (
            <>
              <Figure label="Commission" value={formatFixed(-data.commission)} colour={amountColour(-data.commission)} testId="result-commission" />
              <Figure label="Net" value={formatFixed(totals.profit - data.commission)} colour={amountColour(totals.profit - data.commission)} testId="result-net" />
            </>
          )}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
