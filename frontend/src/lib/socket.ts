// The app's one WebSocket at /ws, shared by every hook that calls useAppSocket
// (react-use-websocket `share: true`). Reconnects forever with a short pause; while it is down
// the features fall back to REST polling.
// The package's index is CommonJS and also loads its socket.io and EventSource hooks, which
// webpack cannot then drop; the two modules used here are imported directly (about 1 KiB gzipped
// of the home page's initial JavaScript).
import { ReadyState } from 'react-use-websocket/dist/lib/constants';
import { useWebSocket } from 'react-use-websocket/dist/lib/use-websocket';
import type { WsClientMessage, WsServerMessage } from '@/types';
import { socketUrl } from './config';

export { ReadyState };

const RECONNECT_INTERVAL_MS = 2000;
const HEARTBEAT_INTERVAL_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 25_000;

/** Each frame parsed once: the shared socket hands the same event to every subscriber, and a
 * page has several (the user, the menu's tree, the page's topic); the messages are read, never
 * changed. */
const parsed = new WeakMap<MessageEvent, WsServerMessage | null>();

function parse(event: MessageEvent): WsServerMessage | null {
  let message = parsed.get(event);
  if (message === undefined) {
    try {
      message = JSON.parse(String(event.data)) as WsServerMessage;
    } catch {
      // A frame that is not JSON is not ours to handle.
      message = null;
    }
    parsed.set(event, message);
  }
  return message;
}

export type AppSocket = {
  send: (message: WsClientMessage) => void;
  lastMessage: WsServerMessage | null;
  readyState: ReadyState;
};

export function useAppSocket(onMessage?: (message: WsServerMessage) => void): AppSocket {
  const { sendJsonMessage, lastJsonMessage, readyState } = useWebSocket<WsServerMessage | null>(socketUrl(), {
    share: true,
    shouldReconnect: () => true,
    reconnectAttempts: Number.MAX_SAFE_INTEGER,
    reconnectInterval: RECONNECT_INTERVAL_MS,
    retryOnError: true,
    heartbeat: {
      message: JSON.stringify({ type: 'ping' }),
      returnMessage: JSON.stringify({ type: 'pong' }),
      interval: HEARTBEAT_INTERVAL_MS,
      timeout: HEARTBEAT_TIMEOUT_MS,
    },
    filter: () => onMessage === undefined,
    onMessage: (event) => {
      if (!onMessage) return;
      const message = parse(event);
      if (message === null) return;
      try {
        onMessage(message);
      } catch (error) {
        // One subscriber's failure must not keep the message from the others.
        console.error('Error handling a socket message:', error);
      }
    },
  });
  return {
    send: (message) => sendJsonMessage(message),
    lastMessage: lastJsonMessage,
    readyState,
  };
}
