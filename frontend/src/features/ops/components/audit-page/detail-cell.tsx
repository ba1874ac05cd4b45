// An event's detail in the events list: key: value pairs (model/event-detail), with a Raw toggle
// that shows the JSON the log holds.
import { useState } from 'react';
import { Box, Button } from '@mui/material';
import { describeDetail } from '../../model/event-detail';

export function DetailCell({ detail }: { detail: unknown }) {
  const [raw, setRaw] = useState(false);
  const { pairs, truncated } = describeDetail(detail);
  return (
    <Box sx={{ fontSize: 12 }} data-testid="event-detail">
      {raw ? (
        <Box component="code" sx={{ fontSize: 11, wordBreak: 'break-all', display: 'block' }} data-testid="event-detail-raw">
          {JSON.stringify(detail)}
        </Box>
      ) : (
        <Box component="dl" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25 }}>
          {pairs.map((pair, index) => (
            <Box key={`${pair.key}-${index}`} sx={{ display: 'inline-flex', gap: 0.5 }}>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {pair.key}:
              </Box>
              <Box component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                {pair.value}
              </Box>
            </Box>
          ))}
          {truncated && <Box component="span">…</Box>}
        </Box>
      )}
      <Button size="small" sx={{ minWidth: 0, p: 0, mt: 0.25, fontSize: 11 }} aria-pressed={raw} onClick={() => setRaw(!raw)}>
        {raw ? 'Readable' : 'Raw JSON'}
      </Button>
    </Box>
  );
}
