// Conflation for display: a live stream may bring more updates a second than a person can read
// (a casino table at test speed: 20 a second). Each update is kept, in order, but they reach the
// screen at most once per `intervalMs`: an update after a quiet spell is shown at once, one that
// comes sooner waits for the end of the interval together with any others. An urgent update (one
// that changes what a player may do, such as betting closing) is shown at once with everything
// queued before it. At real speed (an update a second) nothing waits.

export type Conflator<T> = {
  push: (update: T) => void;
  /** Drops what is queued and the pending timer (the page closes or the stream changes). */
  cancel: () => void;
};

export type ConflateOptions<T> = {
  intervalMs: number;
  urgent?: (update: T) => boolean;
  now?: () => number;
};

export function conflate<T>(apply: (updates: T[]) => void, { intervalMs, urgent = () => false, now = () => performance.now() }: ConflateOptions<T>): Conflator<T> {
  let queue: T[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let shownAt = -Infinity;

  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    shownAt = now();
    const updates = queue;
    queue = [];
    if (updates.length > 0) apply(updates);
  };

  return {
    push: (update) => {
      queue.push(update);
      const waited = now() - shownAt;
      if (urgent(update) || (timer === null && waited >= intervalMs)) flush();
      else if (timer === null) timer = setTimeout(flush, intervalMs - waited);
    },
    cancel: () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      queue = [];
    },
  };
}
