import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ABNORMAL_CLOSURE,
  COUNTER_EVENTS,
  SOCKET_HEARTBEAT_MS,
  SOCKET_RECONNECT_BASE_MS,
  SOCKET_SILENCE_TIMEOUT_MS as SOCKET_SILENCE_MS,
} from '../../../shared/socket';
import { SocketClient, socketUrl } from './socket';

/** A WebSocket stand-in: records what the client sends and lets the test play the server. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: Array<Record<string, unknown>> = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close = vi.fn(() => {
    this.readyState = FakeSocket.CLOSED;
  });
  // server side
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  push(frame: unknown) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  drop(code = ABNORMAL_CLOSURE) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }
  events() {
    return this.sent.map((f) => f.event);
  }
}

const latest = () => FakeSocket.instances[FakeSocket.instances.length - 1]!;

function setup() {
  const onCounter = vi.fn();
  const onOpen = vi.fn();
  const logger = { warn: vi.fn(), info: vi.fn() };
  const client = new SocketClient({
    url: 'ws://host/webSocket/42',
    onCounter,
    onOpen,
    logger,
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
  });
  client.connect();
  return { client, onCounter, onOpen, logger };
}

describe('socket client', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('uses /webSocket/{uid} on the same host, wss on https', () => {
    expect(socketUrl(42, { protocol: 'http:', host: 'a.test:3000' })).toBe('ws://a.test:3000/webSocket/42');
    expect(socketUrl(42, { protocol: 'https:', host: 'a.test' })).toBe('wss://a.test/webSocket/42');
  });

  it('on open sends a ping, then one every 20 s', () => {
    setup();
    const ws = latest();
    expect(ws.url).toBe('ws://host/webSocket/42');
    ws.open();
    expect(ws.events()).toEqual(['ping']);
    vi.advanceTimersByTime(SOCKET_HEARTBEAT_MS - 1);
    expect(ws.events()).toEqual(['ping']);
    ws.push({ event: 'pong' }); // answers keep the link alive
    vi.advanceTimersByTime(1);
    expect(ws.events()).toEqual(['ping', 'ping']);
    vi.advanceTimersByTime(SOCKET_HEARTBEAT_MS);
    expect(ws.events()).toEqual(['ping', 'ping', 'ping']);
  });

  it("answers the server's ping with a pong", () => {
    setup();
    const ws = latest();
    ws.open();
    ws.push({ event: 'ping' });
    expect(ws.events()).toEqual(['ping', 'pong']);
  });

  it('acknowledges a sid, stores the counter, and ignores the same sid again', () => {
    const { onCounter } = setup();
    const ws = latest();
    ws.open();
    ws.push({ event: 'inbox.unread', sid: 'a1', content: 3 });
    expect(ws.sent[1]).toEqual({ event: 'ack', sid: 'a1' });
    expect(onCounter).toHaveBeenCalledWith('letterUnreadNum', 3);
    ws.push({ event: 'inbox.unread', sid: 'a1', content: 9 });
    expect(onCounter).toHaveBeenCalledOnce();
    expect(ws.sent.filter((f) => f.event === 'ack')).toHaveLength(2); // re-acknowledged, not re-applied
  });

  it('updates the matching counter for every handled event', () => {
    const { onCounter } = setup();
    const ws = latest();
    ws.open();
    for (const [i, event] of Object.keys(COUNTER_EVENTS).entries())
      ws.push({ event, sid: `s${i}`, content: String(i + 1) });
    expect(onCounter.mock.calls).toEqual([
      ['letterUnreadNum', 1],
      ['inviteFriendToEarnNum', 2],
      ['inviteFriendEnergy', 3],
      ['taskRewardNum', 4],
      ['loginBonusRewardNum', 5],
      ['dailyDepositSign', 6],
      ['vipTabRewardsNum', 7],
    ]);
  });

  it('warns about unbound events and bad frames, and ignores them', () => {
    const { onCounter, logger, client } = setup();
    const ws = latest();
    ws.open();
    ws.push({ event: 'something.new', content: 1 });
    ws.push('not json');
    expect(logger.warn).toHaveBeenCalledWith('[socket] unbound event ignored: something.new');
    expect(logger.warn).toHaveBeenCalledTimes(2);
    expect(onCounter).not.toHaveBeenCalled();
    const handler = vi.fn();
    client.on('balance.changed', handler);
    ws.push({ event: 'balance.changed', content: { balance: 10 } });
    expect(handler).toHaveBeenCalledWith({ balance: 10 });
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('reconnects after 3 s x attempt on close 1006, and resets the count once open', () => {
    const { client } = setup();
    latest().open();
    latest().drop(ABNORMAL_CLOSURE);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(SOCKET_RECONNECT_BASE_MS - 1);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(client.attempts).toBe(1);
    latest().drop(ABNORMAL_CLOSURE); // fails again before opening
    vi.advanceTimersByTime(2 * SOCKET_RECONNECT_BASE_MS - 1);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(3);
    expect(client.attempts).toBe(2);
    latest().open();
    expect(client.attempts).toBe(0);
  });

  it('says when the link opens, the first time and again after a drop (the counters are then read afresh)', () => {
    const { onOpen } = setup();
    expect(onOpen).not.toHaveBeenCalled();
    latest().open();
    expect(onOpen).toHaveBeenCalledTimes(1);
    latest().drop(ABNORMAL_CLOSURE);
    vi.advanceTimersByTime(SOCKET_RECONNECT_BASE_MS);
    expect(onOpen).toHaveBeenCalledTimes(1);
    latest().open();
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('does not reconnect after a normal close or a manual disconnect', () => {
    const { client } = setup();
    latest().open();
    latest().drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    client.connect();
    expect(FakeSocket.instances).toHaveLength(2);
    latest().open();
    client.disconnect();
    expect(latest().close).toHaveBeenCalled();
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('closes and reconnects on error, once', () => {
    setup();
    const first = latest();
    first.open();
    first.onerror?.();
    expect(first.close).toHaveBeenCalled();
    first.onclose?.({ code: ABNORMAL_CLOSURE }); // detached: no second reconnect is scheduled
    vi.advanceTimersByTime(SOCKET_RECONNECT_BASE_MS);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('drops a link silent for 60 s and reconnects', () => {
    setup();
    const ws = latest();
    ws.open();
    vi.advanceTimersByTime(SOCKET_SILENCE_MS - 1_000);
    ws.push({ event: 'pong' }); // any message restarts the silence clock
    vi.advanceTimersByTime(SOCKET_SILENCE_MS - 1);
    expect(ws.close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ws.close).toHaveBeenCalled();
    vi.advanceTimersByTime(SOCKET_RECONNECT_BASE_MS);
    expect(FakeSocket.instances).toHaveLength(2);
  });
});
