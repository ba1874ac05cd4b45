// One back (blue) or lay (pink) price cell of a market table. Odds of 0 or less show as a dash,
// a locked cell shows a lock, and a changed price flashes for 200 ms (spec §2, §4, §9).
import { useEffect, useRef, useState } from 'react';
import { ButtonBase, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { formatAmount } from '@/utils/format';

export const ODDS_FLASH_MS = 200;

export type OddsCellProps = {
  side: 'back' | 'lay';
  odds: number;
  size?: number;
  locked?: boolean;
  onSelect?: () => void;
};

export function OddsCell({ side, odds, size, locked = false, onSelect }: OddsCellProps) {
  const [flash, setFlash] = useState(false);
  const previous = useRef(odds);

  useEffect(() => {
    if (previous.current === odds) return undefined;
    previous.current = odds;
    setFlash(true);
    const timer = window.setTimeout(() => setFlash(false), ODDS_FLASH_MS);
    return () => window.clearTimeout(timer);
  }, [odds]);

  const empty = !(odds > 0);
  return (
    <ButtonBase
      disabled={locked || empty || !onSelect}
      onClick={onSelect}
      aria-label={`${side} ${empty ? 'no price' : odds}`}
      data-side={side}
      data-flash={flash ? 'true' : undefined}
      sx={(theme) => ({
        width: '100%',
        minWidth: 56,
        minHeight: 40,
        flexDirection: 'column',
        bgcolor: flash ? theme.palette[side].light : theme.palette[side].main,
        color: theme.palette[side].contrastText,
        transition: `background-color ${ODDS_FLASH_MS}ms`,
        '&.Mui-disabled': { color: theme.palette[side].contrastText },
      })}
    >
      {locked ? (
        <LockIcon fontSize="small" aria-label="Locked" />
      ) : (
        <>
          <Typography component="span" fontWeight={700} fontSize={14} lineHeight={1.2}>
            {empty ? '-' : odds}
          </Typography>
          {!empty && size !== undefined && size > 0 && (
            <Typography component="span" fontSize={11} lineHeight={1.1}>
              {formatAmount(size)}
            </Typography>
          )}
        </>
      )}
    </ButtonBase>
  );
}
