import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { Code } from '../../../shared/codes';
import { may } from '../../../shared/roles';
import {
  CLOSE_SESSION_ENDED,
  CONTROL_EVENTS,
  COUNTER_EVENTS,
  type ControlEvent,
  type Frame,
  OPS_SOCKET_PATH,
  type OperatorEvent,
  type OperatorEvents,
  opsTokenOfProtocols,
  type ServerEvent,
  type ServerEvents,
  SOCKET_HEARTBEAT_MS,
  SOCKET_SILENCE_TIMEOUT_MS,
} from '../../../shared/socket';
import { AppError } from '../errors';
import { hasOpsToken, isOpsToken } from '../route';
import type { Broker } from './broker';

/**
 * Frames not yet acknowledged are kept (per player, newest 100) and sent again on the next connection,
 * after its first frame (the client pings on open).
 */
const MAX_PENDING = 100;

/** What a client may send: pong, ping, or ack of a sid. */
const clientFrameSchema = z.strictObject({
  event: z.enum(CONTROL_EVENTS),
  sid: z.string().max(64).default(''),
  content: z.unknown().optional(),
});

interface Connection {
  socket: WebSocket;
  userId: number;
  sessionId: number;
  lastHeardAt: number;
  greeted: boolean;
  /** Frame faults: frames held back (socket.delay), oldest first, with when each is due. */
  held?: { due: number; frame: Frame }[];
}

/** What a frame fault does to one frame: drop it (it stays pending), hold it ms, or nothing (undefined). */
export type FrameShaper = (userId: number, frame: Frame) => 'drop' | number | undefined;

/** The broker channel of the hub (docs/deployment.md): what one process's hub tells the others'. */
const SOCKET_CHANNEL = 'socket';
type HubMessage =
  | { op: 'push'; userId: number; frame: Frame }
  | { op: 'ack'; userId: number; sid: string }
  | { op: 'discard'; userId: number; events: string[] }
  | { op: 'operators'; frame: Frame }
  | { op: 'drop'; userId: number | null }
  | { op: 'nudge'; userId: number; topic: string };

/** A back office connected to the operator channel. */
interface OperatorConnection {
  socket: WebSocket;
  lastHeardAt: number;
}

/**
 * The live link to each logged-in player: pushes frames, keeps them until acknowledged, heartbeats both ways.
 * With a broker linked, pushes, acknowledgements, discards, operator events and drops are published too:
 * every process keeps the same pending frames and writes a push to the connections it holds, so a push
 * reaches the player whichever process holds the socket, and a reconnection to any process gets the
 * frames still unacknowledged.
 */
export class SocketHub {
  private broker: Broker | undefined;
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly pending = new Map<number, Map<string, Frame>>();
  private readonly operators = new Set<OperatorConnection>();
  private pushed = 0;
  private readonly pushWatchers = new Set<(userId: number, frame: Frame) => void>();
  private readonly connectWatchers = new Set<(userId: number, drop: () => void) => void>();
  private readonly nudgeHandlers = new Map<string, Set<(userId: number) => void>>();
  private shaper: FrameShaper | undefined;

  /**
   * Tester frame faults (socket.delay, socket.loss): decides per frame and connection whether it is held
   * or not written. Pushed frames only (not pings, not session.ended); a dropped frame stays pending, so the
   * next connection gets it again, as the protocol's acknowledgements promise.
   */
  shapeFrames(shaper: FrameShaper | undefined): void {
    this.shaper = shaper;
  }

  private write(connection: Connection, frame: Frame): void {
    const shaped = this.shaper?.(connection.userId, frame);
    if (shaped === 'drop') return;
    const held = connection.held;
    if (shaped === undefined && !held) {
      send(connection.socket, frame);
      return;
    }
    // Held frames go out in the order they were pushed: one queue and one timer per connection.
    const last = held?.at(-1)?.due ?? 0;
    const queue = held ?? [];
    queue.push({ due: Math.max(Date.now() + (shaped ?? 0), last), frame });
    if (held) return;
    connection.held = queue;
    const drain = () => {
      while (queue.length > 0 && (queue[0]?.due ?? 0) <= Date.now())
        send(connection.socket, queue.shift()?.frame as Frame);
      if (queue.length === 0) connection.held = undefined;
      else setTimeout(drain, (queue[0]?.due ?? 0) - Date.now()).unref();
    };
    setTimeout(drain, (queue[0]?.due ?? 0) - Date.now()).unref();
  }

  /** Shares pushes with the other processes of the broker (see the class). */
  link(broker: Broker): void {
    this.broker = broker;
    broker.subscribe(SOCKET_CHANNEL, (raw) => {
      const message = raw as HubMessage;
      if (message.op === 'push') this.deliver(message.userId, message.frame);
      else if (message.op === 'ack') this.pending.get(message.userId)?.delete(message.sid);
      else if (message.op === 'discard') this.discardHere(message.userId, message.events);
      else if (message.op === 'operators') this.deliverOperators(message.frame);
      else if (message.op === 'nudge') this.nudgeHere(message.userId, message.topic);
      else this.dropHere(message.userId);
    });
  }

  private share(message: HubMessage): void {
    this.broker?.publish(SOCKET_CHANNEL, message);
  }

  /** Calls `watcher` with every frame pushed (the request log listens here). */
  onPush(watcher: (userId: number, frame: Frame) => void): () => void {
    this.pushWatchers.add(watcher);
    return () => this.pushWatchers.delete(watcher);
  }

  /** Calls `watcher` for every new connection, with a way to drop it (tester faults). */
  onConnect(watcher: (userId: number, drop: () => void) => void): () => void {
    this.connectWatchers.add(watcher);
    return () => this.connectWatchers.delete(watcher);
  }

  /**
   * Sends an event of the protocol (shared/socket.ts) to every connection of the player; returns its sid.
   * A counter event replaces the same counter's frame still pending: only its latest value is worth
   * sending again.
   */
  push<E extends ServerEvent>(userId: number, event: E, content: ServerEvents[E]): string {
    return this.pushAny(userId, event, content);
  }

  /** Any event with any content: the tester's /ops/push and the bench only; the product uses push(). */
  pushAny(userId: number, event: string, content: unknown): string {
    const frame: Frame = { event, sid: randomUUID(), content };
    for (const watcher of this.pushWatchers) watcher(userId, frame);
    this.deliver(userId, frame);
    this.share({ op: 'push', userId, frame });
    this.pushed++;
    return frame.sid;
  }

  /**
   * Runs `topic`'s handler for the player on the process that holds their socket, and only there: here when
   * this process holds one, else on the others through the broker (each runs it if it holds one). For work
   * worth doing only for a player who is listening (a badge counter recomputed after a bet): a player with no
   * socket anywhere costs no work, one broker message in a cluster (none on one process), and reads the
   * counters afresh when a socket opens (the client asks /api/badge/data then).
   */
  nudge(userId: number, topic: string): void {
    if (this.isConnected(userId)) this.nudgeHere(userId, topic);
    else this.share({ op: 'nudge', userId, topic });
  }

  /** Adds what `nudge(userId, topic)` runs for a player connected to this process (one message, every handler). */
  onNudge(topic: string, handler: (userId: number) => void): void {
    const handlers = this.nudgeHandlers.get(topic) ?? new Set();
    handlers.add(handler);
    this.nudgeHandlers.set(topic, handlers);
  }

  private nudgeHere(userId: number, topic: string): void {
    if (!this.isConnected(userId)) return;
    for (const handler of this.nudgeHandlers.get(topic) ?? []) handler(userId);
  }

  /** Keeps the frame until acknowledged and writes it to the player's connections on this process. */
  private deliver(userId: number, frame: Frame): void {
    const pending = this.pending.get(userId) ?? new Map<string, Frame>();
    if (frame.event in COUNTER_EVENTS) this.discardHere(userId, [frame.event]);
    pending.set(frame.sid, frame);
    if (pending.size > MAX_PENDING) pending.delete(pending.keys().next().value as string);
    this.pending.set(userId, pending);
    for (const connection of this.byUser.get(userId) ?? []) this.write(connection, frame);
  }

  /** Sends an operator event (shared/socket.ts OperatorEvents) to every connected back office. */
  pushOperators<E extends OperatorEvent>(event: E, content: OperatorEvents[E]): void {
    const frame: Frame = { event, sid: '', content };
    this.deliverOperators(frame);
    this.share({ op: 'operators', frame });
  }

  private deliverOperators(frame: Frame): void {
    for (const operator of this.operators) send(operator.socket, frame);
  }

  addOperator(operator: OperatorConnection): void {
    this.operators.add(operator);
  }

  removeOperator(operator: OperatorConnection): void {
    this.operators.delete(operator);
  }

  /** How many back offices are connected. */
  operatorCount(): number {
    return this.operators.size;
  }

  add(connection: Connection): void {
    const set = this.byUser.get(connection.userId) ?? new Set<Connection>();
    set.add(connection);
    this.byUser.set(connection.userId, set);
    for (const watcher of this.connectWatchers) {
      watcher(connection.userId, () => {
        connection.socket.terminate();
        this.remove(connection);
      });
    }
  }

  /**
   * Cuts the player's connections (or everyone's) as a lost network would: no goodbye frame. The other
   * processes cut theirs too; the count is this process's.
   */
  drop(userId: number | null): number {
    this.share({ op: 'drop', userId });
    return this.dropHere(userId);
  }

  private dropHere(userId: number | null): number {
    let dropped = 0;
    for (const [id, set] of [...this.byUser]) {
      if (userId !== null && id !== userId) continue;
      for (const connection of [...set]) {
        connection.socket.terminate();
        this.remove(connection);
        dropped++;
      }
    }
    return dropped;
  }

  /** The database was swapped: user ids may now be other players, so every link and pending frame goes. */
  reset(): void {
    this.closeAll();
    this.pending.clear();
  }

  /** How many live connections the player has. */
  connectionsOf(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Sends the frames still unacknowledged; done on the client's first frame, once it surely listens. */
  resend(connection: Connection): void {
    for (const frame of this.pending.get(connection.userId)?.values() ?? []) this.write(connection, frame);
  }

  remove(connection: Connection): void {
    const set = this.byUser.get(connection.userId);
    set?.delete(connection);
    if (set && set.size === 0) this.byUser.delete(connection.userId);
  }

  /** Forgets the player's pending frames of these events (the player just read the counters afresh). */
  discard(userId: number, events: readonly string[]): void {
    this.discardHere(userId, events);
    this.share({ op: 'discard', userId, events: [...events] });
  }

  private discardHere(userId: number, events: readonly string[]): void {
    const pending = this.pending.get(userId);
    if (!pending) return;
    for (const [sid, frame] of pending) if (events.includes(frame.event)) pending.delete(sid);
  }

  ack(userId: number, sid: string): void {
    this.pending.get(userId)?.delete(sid);
    this.share({ op: 'ack', userId, sid });
  }

  /** Closes the player's connections of one session (or all), telling the client why. */
  closeSession(userId: number, sessionId: number | null, reason: string): void {
    for (const connection of [...(this.byUser.get(userId) ?? [])]) {
      if (sessionId !== null && connection.sessionId !== sessionId) continue;
      sendEvent(connection.socket, 'session.ended', reason);
      connection.socket.close(CLOSE_SESSION_ENDED, 'session ended');
      this.remove(connection);
    }
  }

  /** Pings every connection and drops those silent past the time-out. */
  heartbeat(now: number, silenceMs = SOCKET_SILENCE_TIMEOUT_MS): void {
    for (const operator of [...this.operators]) {
      if (now - operator.lastHeardAt > silenceMs) {
        operator.socket.terminate();
        this.operators.delete(operator);
      } else sendControl(operator.socket, 'ping');
    }
    for (const set of this.byUser.values()) {
      for (const connection of [...set]) {
        if (now - connection.lastHeardAt > silenceMs) {
          connection.socket.terminate();
          this.remove(connection);
        } else sendControl(connection.socket, 'ping');
      }
    }
  }

  /** The player has at least one open connection. */
  isConnected(userId: number): boolean {
    return this.byUser.has(userId);
  }

  /** Players with at least one live connection. */
  connectedUsers(): IterableIterator<number> {
    return this.byUser.keys();
  }

  stats() {
    let connections = 0;
    for (const set of this.byUser.values()) connections += set.size;
    return { players: this.byUser.size, connections, pushed: this.pushed };
  }

  /** Ids of the players with at least one open connection (e.g. to refresh their counters at midnight). */
  connectedPlayers(): number[] {
    return [...this.byUser.keys()];
  }

  closeAll(): void {
    for (const set of this.byUser.values()) for (const c of set) c.socket.terminate();
    this.byUser.clear();
    for (const operator of this.operators) operator.socket.terminate();
    this.operators.clear();
  }
}

function send(socket: WebSocket, frame: Frame) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

/** A frame the client need not acknowledge (no sid). */
const sendEvent = <E extends ServerEvent>(socket: WebSocket, event: E, content: ServerEvents[E]) =>
  send(socket, { event, sid: '', content });
const sendControl = (socket: WebSocket, event: ControlEvent) => send(socket, { event, sid: '', content: null });

export interface SocketTimings {
  /** The server pings every connection this often (spec: 20 s). */
  heartbeatMs?: number;
  /** A connection that sent nothing for this long is closed at the next heartbeat (spec: 60 s). */
  silenceMs?: number;
}

/**
 * /webSocket/:uid, authenticated by the session cookie on the upgrade request; refused when the uid is
 * not the session's. Heartbeat real-time (not the virtual clock): it is about the network, not business.
 * The timings are options only so tests can run them in milliseconds.
 */
export const socketHubPlugin = fp<SocketTimings>(
  async (app: FastifyInstance, options) => {
    const heartbeatMs = options.heartbeatMs ?? SOCKET_HEARTBEAT_MS;
    const silenceMs = options.silenceMs ?? SOCKET_SILENCE_TIMEOUT_MS;
    const hub = new SocketHub();
    hub.link(app.cluster.broker);
    app.decorate('socket', hub);
    await app.register(websocket, { options: { maxPayload: 4096 } });

    app.events.on('session.revoked', ({ userId, sessionId, reason }) => hub.closeSession(userId, sessionId, reason));

    const timer = setInterval(() => hub.heartbeat(Date.now(), silenceMs), heartbeatMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      hub.closeAll();
    });

    const authenticate = async (request: FastifyRequest<{ Params: { uid: string } }>) => {
      const user = await app.sessions.authenticate(request.cookies[app.sessions.cookieName]);
      if (!user) throw new AppError(Code.SESSION_INVALID, { status: 401 });
      if (String(user.uid) !== request.params.uid) throw new AppError(Code.SESSION_INVALID, { status: 403 });
      request.user = user;
    };

    app.get<{ Params: { uid: string } }>(
      '/webSocket/:uid',
      { websocket: true, onRequest: authenticate },
      (socket, request) => {
        const user = request.user;
        if (!user) return socket.close(1008, 'no session');
        const connection: Connection = {
          socket,
          userId: user.id,
          sessionId: user.sessionId,
          lastHeardAt: Date.now(),
          greeted: false,
        };
        hub.add(connection);
        socket.on('message', (raw) => {
          connection.lastHeardAt = Date.now();
          let parsed: unknown;
          try {
            parsed = JSON.parse(String(raw));
          } catch {
            return;
          }
          const frame = clientFrameSchema.safeParse(parsed);
          if (!frame.success) return;
          if (!connection.greeted) {
            connection.greeted = true;
            hub.resend(connection);
          }
          if (frame.data.event === 'ping') sendControl(socket, 'pong');
          else if (frame.data.event === 'ack' && frame.data.sid) hub.ack(user.id, frame.data.sid);
        });
        socket.on('close', () => hub.remove(connection));
      },
    );

    if (app.config.opsEnabled) operatorChannel(app, hub);
  },
  { name: 'socket-hub', dependencies: ['session', 'operator-session', 'events', 'broker'] },
);

/**
 * The operator channel (OPS_SOCKET_PATH): the back office's live feed, authenticated with the operator
 * token, as a Bearer header or (from a browser) in Sec-WebSocket-Protocol. It only listens for ping and
 * pong: operator actions stay on the audited /ops routes.
 */
function operatorChannel(app: FastifyInstance, hub: SocketHub) {
  const serviceToken = (request: FastifyRequest) => {
    const fromProtocol = opsTokenOfProtocols(request.headers['sec-websocket-protocol']);
    return (
      hasOpsToken(request, app.config.adminToken) ||
      (fromProtocol !== null && isOpsToken(fromProtocol, app.config.adminToken))
    );
  };
  const authenticate = async (request: FastifyRequest) => {
    if (serviceToken(request)) return;
    // A named operator's back-office session (its cookie goes with the WebSocket handshake, same origin).
    const operator = await app.operatorSessions.authenticate(request.cookies[app.operatorSessions.cookieName]);
    if (!operator) throw new AppError(Code.OPS_UNAUTHORIZED, { status: 401 });
    // The feed is the players' live chat: only a role that may chat reads it (shared/roles.ts).
    if (!may(operator.role, 'chat')) throw new AppError(Code.OPS_FORBIDDEN, { status: 403 });
  };
  app.get(OPS_SOCKET_PATH, { websocket: true, onRequest: authenticate, schema: { hide: true } }, (socket, request) => {
    const operator: OperatorConnection = { socket, lastHeardAt: Date.now() };
    hub.addOperator(operator);
    // A session-opened feed is read again at each pong (every heartbeat): an operator disabled, reset, signed
    // out or moved to a role without chat stops receiving it within one heartbeat, on any process.
    const token = serviceToken(request) ? undefined : request.cookies[app.operatorSessions.cookieName];
    const recheck = async () => {
      const still = await app.operatorSessions.authenticate(token);
      if (still && may(still.role, 'chat')) return;
      hub.removeOperator(operator);
      socket.close(CLOSE_SESSION_ENDED, 'session ended');
    };
    socket.on('message', (raw) => {
      operator.lastHeardAt = Date.now();
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(raw));
      } catch {
        return;
      }
      const frame = clientFrameSchema.safeParse(parsed);
      if (frame.success && frame.data.event === 'ping') sendControl(socket, 'pong');
      if (frame.success && frame.data.event === 'pong' && token !== undefined)
        recheck().catch((err: unknown) => app.log.error({ err }, 'operator channel: could not read the session'));
    });
    socket.on('close', () => hub.removeOperator(operator));
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    socket: SocketHub;
  }
}
