import type { Badge } from '../../../shared/contract/account';
import {
  ABNORMAL_CLOSURE,
  COUNTER_EVENTS,
  type ControlEvent,
  type ServerEvent,
  type ServerEvents,
  SOCKET_HEARTBEAT_MS,
  SOCKET_RECONNECT_BASE_MS,
  SOCKET_SILENCE_TIMEOUT_MS,
  socketPath,
} from '../../../shared/socket';

/** How many sids are remembered to ignore repeats. */
const SEEN_SID_LIMIT = 500;

type BadgeKey = keyof Badge;
/** The protocol's counters are the badge's (shared/socket.ts names them; this checks they match). */
const COUNTERS: Record<string, BadgeKey> = COUNTER_EVENTS satisfies Record<string, BadgeKey>;

/** A frame as received: the server's `{ event, sid, content }`, read defensively. */
interface IncomingFrame {
  event: string;
  sid?: string | number | null;
  content?: unknown;
}
/** A frame the client sends: a control event, with the sid it acknowledges. */
interface ControlFrame {
  event: ControlEvent;
  sid?: string | number;
}

type Timer = ReturnType<typeof setTimeout>;

export interface SocketClientOptions {
  url: string;
  /** A counter event arrived: store its number. */
  onCounter(key: BadgeKey, value: number): void;
  /**
   * The link opened (the first time or again after a drop): the server pushes counters only while a socket
   * is open, so what changed meanwhile is read afresh here.
   */
  onOpen?(): void;
  WebSocketImpl?: typeof WebSocket;
  logger?: Pick<Console, 'warn' | 'info'>;
}

/** `/webSocket/{uid}` on the same host, wss on https. */
export const socketUrl = (uid: number | string, loc: Pick<Location, 'protocol' | 'host'> = window.location): string =>
  `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${socketPath(uid)}`;

/** The real-time link of spec section 4: heartbeat, silence time-out, linear back-off, sid ack and dedupe. */
export class SocketClient {
  private ws: WebSocket | null = null;
  private reconnectCount = 0;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private silenceTimer: Timer | null = null;
  private reconnectTimer: Timer | null = null;
  private stopped = true;
  private readonly seen: string[] = [];
  private readonly seenSet = new Set<string>();
  private readonly handlers = new Map<string, Set<(content: unknown) => void>>();
  private readonly log: Pick<Console, 'warn' | 'info'>;
  private readonly Impl: typeof WebSocket;

  constructor(private readonly options: SocketClientOptions) {
    this.log = options.logger ?? console;
    this.Impl = options.WebSocketImpl ?? WebSocket;
  }

  /** Reconnect attempts since the last successful open. */
  get attempts(): number {
    return this.reconnectCount;
  }

  get connected(): boolean {
    return this.ws !== null && this.ws.readyState === this.Impl.OPEN;
  }

  connect(): void {
    this.stopped = false;
    if (this.ws) return;
    this.open();
  }

  /** Closes for good (logout): no reconnect. */
  disconnect(): void {
    this.stopped = true;
    this.clearReconnect();
    this.teardown();
    this.reconnectCount = 0;
  }

  /** Binds a handler to a server event of shared/socket.ts (counters too); returns the unbind function. */
  on<E extends ServerEvent>(event: E, handler: (content: ServerEvents[E]) => void): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    const bound = handler as (content: unknown) => void;
    set.add(bound);
    return () => set.delete(bound);
  }

  send(frame: ControlFrame): boolean {
    if (!this.ws || this.ws.readyState !== this.Impl.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  private open() {
    const ws = new this.Impl(this.options.url);
    this.ws = ws;
    ws.onopen = () => {
      this.reconnectCount = 0;
      this.startHeartbeat();
      this.send({ event: 'ping' });
      this.armSilence();
      this.options.onOpen?.();
    };
    ws.onmessage = (message: MessageEvent) => this.receive(message.data);
    ws.onerror = () => {
      this.log.info('[socket] error: closing and reconnecting');
      this.teardown();
      this.scheduleReconnect();
    };
    ws.onclose = (event: CloseEvent) => {
      this.teardown();
      if (event.code === ABNORMAL_CLOSURE) this.scheduleReconnect();
    };
  }

  private receive(raw: unknown) {
    this.armSilence();
    let frame: IncomingFrame;
    try {
      frame = JSON.parse(String(raw)) as IncomingFrame;
    } catch {
      this.log.warn('[socket] ignored a frame that is not JSON');
      return;
    }
    if (typeof frame !== 'object' || frame === null || typeof frame.event !== 'string') {
      this.log.warn('[socket] ignored a frame without an event');
      return;
    }
    if (frame.sid !== undefined && frame.sid !== null && frame.sid !== '') {
      const sid = String(frame.sid);
      this.send({ event: 'ack', sid: frame.sid });
      if (this.seenSet.has(sid)) return;
      this.remember(sid);
    }
    if (frame.event === 'ping') {
      this.send({ event: 'pong' });
      return;
    }
    if (frame.event === 'pong' || frame.event === 'ack') return;
    let handled = false;
    const counter = COUNTERS[frame.event];
    if (counter) {
      const value = Number(frame.content);
      if (Number.isFinite(value)) this.options.onCounter(counter, Math.max(0, Math.trunc(value)));
      else this.log.warn(`[socket] ${frame.event} carried no number`);
      handled = true;
    }
    const handlers = this.handlers.get(frame.event);
    if (handlers?.size) {
      for (const handler of handlers) handler(frame.content);
      handled = true;
    }
    if (!handled) this.log.warn(`[socket] unbound event ignored: ${frame.event}`);
  }

  private remember(sid: string) {
    this.seen.push(sid);
    this.seenSet.add(sid);
    while (this.seen.length > SEEN_SID_LIMIT) {
      const old = this.seen.shift();
      if (old !== undefined) this.seenSet.delete(old);
    }
  }

  private startHeartbeat() {
    this.stopHeartbeat();
    this.heartbeatTimer = setInterval(() => this.send({ event: 'ping' }), SOCKET_HEARTBEAT_MS);
  }

  private stopHeartbeat() {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }

  private armSilence() {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => {
      this.log.info('[socket] silent for too long: reconnecting');
      this.teardown();
      this.scheduleReconnect();
    }, SOCKET_SILENCE_TIMEOUT_MS);
  }

  /** Drops the current socket without letting its late events act. */
  private teardown() {
    this.stopHeartbeat();
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = null;
    const ws = this.ws;
    this.ws = null;
    if (!ws) return;
    ws.onopen = null;
    ws.onmessage = null;
    ws.onerror = null;
    ws.onclose = null;
    if (ws.readyState === this.Impl.CONNECTING || ws.readyState === this.Impl.OPEN) {
      try {
        ws.close();
      } catch {
        // already closing
      }
    }
  }

  private scheduleReconnect() {
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectCount += 1;
    const delay = SOCKET_RECONNECT_BASE_MS * this.reconnectCount;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.open();
    }, delay);
  }

  private clearReconnect() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }
}
