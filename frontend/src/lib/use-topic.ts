// A public socket topic (`home:{etid}`, `match:{gmid}`) over the app's one socket: subscribes
// when the socket opens, hands snapshots and deltas to the caller in order, resubscribes on a
// `seq` gap and unsubscribes on unmount. `live` is true from the first snapshot until the socket
// drops; callers poll REST while it is false.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { WsServerMessage } from '@/types';
import { ReadyState, useAppSocket } from './socket';

export type TopicHandlers = {
  onSnapshot: (data: unknown) => void;
  onDelta: (data: unknown) => void;
};

export function useTopic(topic: string | null, handlers: TopicHandlers): { live: boolean } {
  const [live, setLive] = useState(false);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const lastSeq = useRef<number | null>(null);
  const topicRef = useRef(topic);
  topicRef.current = topic;
  const sendRef = useRef<ReturnType<typeof useAppSocket>['send']>(() => {});

  const onMessage = useCallback((message: WsServerMessage) => {
    if (message.type !== 'snapshot' && message.type !== 'delta') return;
    if (message.topic !== topicRef.current) return;
    if (message.type === 'snapshot') {
      lastSeq.current = message.seq;
      handlersRef.current.onSnapshot(message.data);
      setLive(true);
      return;
    }
    if (lastSeq.current === null) return;
    if (message.seq !== lastSeq.current + 1) {
      // A missed delta: ask for a fresh snapshot and poll until it arrives.
      lastSeq.current = null;
      setLive(false);
      sendRef.current({ type: 'sub', topic: message.topic });
      return;
    }
    lastSeq.current = message.seq;
    handlersRef.current.onDelta(message.data);
  }, []);

  const { send, readyState } = useAppSocket(onMessage);
  sendRef.current = send;
  const openRef = useRef(false);
  openRef.current = readyState === ReadyState.OPEN;

  useEffect(() => {
    if (!topic || readyState !== ReadyState.OPEN) {
      setLive(false);
      return undefined;
    }
    lastSeq.current = null;
    send({ type: 'sub', topic });
    return () => {
      setLive(false);
      lastSeq.current = null;
      // A closed socket has dropped the subscription already; a queued unsub would only race
      // the next subscribe.
      if (openRef.current) send({ type: 'unsub', topic });
    };
    // `send` is stable for one socket; a new topic or a reopened socket resubscribes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [topic, readyState]);

  return { live };
}

/** Runs `poll` now and every `intervalMs` while `active`. */
export function usePolling(active: boolean, intervalMs: number, poll: () => void): void {
  const pollRef = useRef(poll);
  pollRef.current = poll;
  useEffect(() => {
    if (!active) return undefined;
    const timer = window.setInterval(() => pollRef.current(), intervalMs);
    return () => window.clearInterval(timer);
  }, [active, intervalMs]);
}
