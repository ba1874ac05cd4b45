// A lobby tile's table over push: the `casino:{gtype}` topic's snapshot and deltas merged into
// the round, summed up for the tile (countdown, status, last results, limits). The tile renders
// only when its summary changes.
import { useRef, useState } from 'react';
import { useTopic } from '@/lib/use-topic';
import type { CasinoRound } from '@/types';
import { isRoundDelta, mergeRound } from '../model/round';
import { sameSummary, tileSummary, type TileSummary } from '../model/tile-summary';

export function useTileLive(gtype: string | null): TileSummary | null {
  const round = useRef<CasinoRound | null>(null);
  const [summary, setSummary] = useState<TileSummary | null>(null);
  const apply = (data: unknown) => {
    if (!isRoundDelta(data)) return;
    const next = mergeRound(round.current, data);
    if (!next || next === round.current) return;
    round.current = next;
    const view = tileSummary(next);
    setSummary((shown) => (sameSummary(shown, view) ? shown : view));
  };
  useTopic(gtype ? `casino:${gtype}` : null, { onSnapshot: apply, onDelta: apply });
  return summary;
}
