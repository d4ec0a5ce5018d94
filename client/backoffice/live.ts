import { useEffect, useRef, useState } from 'react';
import {
  type Frame,
  OPS_SOCKET_PATH,
  type OperatorEvent,
  type OperatorEvents,
  opsSocketProtocols,
  SOCKET_RECONNECT_BASE_MS,
} from '../../shared/socket';
import { token } from './api';

/**
 * The back office's live feed: one websocket to /ops/socket (shared/socket.ts OperatorEvents) for the
 * whole page, opened with the operator session cookie or the service token, answering the server's pings, reopened after a drop.
 * Views subscribe with useOperatorEvent and read their lists again on `open` (what they missed).
 */

type Handler = (content: unknown) => void;
const handlers = new Map<string, Set<Handler>>();
const stateWatchers = new Set<(connected: boolean) => void>();
let socket: WebSocket | null = null;
let connected = false;
let attempts = 0;
let retry: ReturnType<typeof setTimeout> | undefined;
let users = 0;

function setConnected(value: boolean) {
  connected = value;
  for (const watcher of stateWatchers) watcher(value);
}

function open() {
  const url = new URL(OPS_SOCKET_PATH, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(url, opsSocketProtocols(token.get()));
  socket = ws;
  ws.onopen = () => {
    attempts = 0;
    setConnected(true);
    for (const handler of handlers.get('open') ?? []) handler(null);
  };
  ws.onmessage = (message) => {
    let frame: Frame;
    try {
      frame = JSON.parse(String(message.data)) as Frame;
    } catch {
      return;
    }
    if (frame.event === 'ping') ws.send(JSON.stringify({ event: 'pong', sid: '' }));
    for (const handler of handlers.get(frame.event) ?? []) handler(frame.content);
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    setConnected(false);
    // A token or the operator's session cookie (sent with the handshake, same origin) opens it again.
    if (users > 0) {
      attempts = Math.min(attempts + 1, 5);
      retry = setTimeout(() => {
        retry = undefined;
        open();
      }, SOCKET_RECONNECT_BASE_MS * attempts);
    }
  };
}

function acquire() {
  users++;
  if (!socket && retry === undefined) open();
}

function release() {
  users--;
  if (users > 0) return;
  clearTimeout(retry);
  retry = undefined;
  const ws = socket;
  socket = null;
  ws?.close();
  setConnected(false);
}

/** Calls `handler` with each pushed event of this name ('open': the feed (re)connected) while mounted. */
export function useOperatorEvent<E extends OperatorEvent | 'open'>(
  event: E,
  handler: (content: E extends OperatorEvent ? OperatorEvents[E] : null) => void,
) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const wrapped: Handler = (content) => (latest.current as Handler)(content);
    const set = handlers.get(event) ?? new Set<Handler>();
    set.add(wrapped);
    handlers.set(event, set);
    acquire();
    return () => {
      set.delete(wrapped);
      release();
    };
  }, [event]);
}

/** Whether the live feed is connected now. */
export function useLiveState() {
  const [state, setState] = useState(connected);
  useEffect(() => {
    stateWatchers.add(setState);
    setState(connected);
    return () => {
      stateWatchers.delete(setState);
    };
  }, []);
  return state;
}
