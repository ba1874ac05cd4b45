// Opens the result modal by the spec's rule: a statement line by its plan (see model/statement),
// a casino round only once its fetched result carries a round id; a market's bets from its popup
// call (accstatepopup).
import { useCallback, useRef, useState } from 'react';
import type { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { getCasinoResult } from '../api/get-casino-result';
import { getStatementPopup } from '../api/get-statement-popup';
import { fromCasinoDetail, fromSettlement, type ResultModalData } from '../model/result-data';
import { hasRoundId, openPlan, type StatementLine } from '../model/statement';

export function useResultModal() {
  const [data, setData] = useState<ResultModalData | null>(null);
  const [busy, setBusy] = useState(false);
  // Only the latest click may open the modal.
  const latest = useRef(0);

  const openRound = useCallback(async (gtype: string, mid: string) => {
    const ticket = ++latest.current;
    setBusy(true);
    try {
      const detail = await getCasinoResult(gtype, mid);
      if (ticket === latest.current && hasRoundId(detail)) setData(fromCasinoDetail(detail));
    } catch (error) {
      if (ticket === latest.current) notify.error((error as ApiError).message);
    } finally {
      if (ticket === latest.current) setBusy(false);
    }
  }, []);

  const openLine = useCallback(
    (line: StatementLine) => {
      const plan = openPlan(line);
      if (plan.kind === 'bets') {
        // The row's popup, fresh from the ledger (the spec's accstatepopup); the row itself
        // meanwhile, and if the call fails.
        const ticket = ++latest.current;
        setData(fromSettlement(plan.row));
        getStatementPopup(plan.row.marketId, plan.row.seq)
          .then((row) => {
            if (row && ticket === latest.current) setData(fromSettlement(row));
          })
          .catch((error: unknown) => console.error('Error fetching the statement popup:', error));
      } else if (plan.kind === 'round') {
        void openRound(plan.gtype, plan.mid);
      }
    },
    [openRound],
  );

  const close = useCallback(() => {
    // A late answer must not open the modal again.
    latest.current += 1;
    setData(null);
  }, []);
  return { data, busy, openLine, openRound, close };
}
