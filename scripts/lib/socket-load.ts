/**
 * Socket load for the bench: opens `connections` sockets spread over the players (/webSocket/:uid with
 * each player's session cookie), reads the server's memory before and after, then has the server push
 * paced rounds of frames stamped with their send time and measures delivery rate and latency.
 */
import { WebSocket } from 'ws';
import type { Player } from './caller';

export interface SocketFigures {
  held: number;
  failed: number;
  bytesPerConnection: number;
  /** JavaScript heap and buffers held outside it (sockets' read and write buffers). */
  heapPerConnection: number;
  deliveredPerSecond: number;
  lost: number;
  p50: number;
  p99: number;
}

interface Options {
  url: string;
  players: Player[];
  connections: number;
  memory: () => Promise<{ rss: number; heapUsed: number; external: number }>;
  push: (rounds: number, gapMs: number) => Promise<unknown>;
}

const ROUNDS = 20;
const GAP_MS = 50;

function open(url: string, player: Player, onFrame: (frame: { event: string; content: unknown }) => void) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`${url}/webSocket/${player.uid}`, { headers: { cookie: player.cookie } });
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error('connect time-out'));
    }, 30_000);
    socket.once('open', () => {
      clearTimeout(timer);
      // The client pings first, as the app does; the server then sends anything pending.
      socket.send(JSON.stringify({ event: 'ping', sid: '' }));
      resolve(socket);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('message', (raw) => {
      try {
        onFrame(JSON.parse(String(raw)));
      } catch {
        // not a frame
      }
    });
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) : 0;

export async function measureSockets(options: Options): Promise<SocketFigures> {
  const latencies: number[] = [];
  let received = 0;
  let firstSent = Number.POSITIVE_INFINITY;
  let lastReceived = 0;
  const onFrame = (frame: { event: string; content: unknown }) => {
    if (frame.event !== 'bench.push') return;
    const now = Date.now();
    const sentAt = (frame.content as { sentAt: number }).sentAt;
    firstSent = Math.min(firstSent, sentAt);
    lastReceived = Math.max(lastReceived, now);
    latencies.push(now - sentAt);
    received += 1;
  };

  const before = await options.memory();
  const sockets: WebSocket[] = [];
  let failed = 0;
  const BATCH = 250;
  for (let i = 0; i < options.connections; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, options.connections - i) }, (_, j) => {
      const player = options.players[(i + j) % options.players.length] as Player;
      return open(options.url, player, onFrame);
    });
    for (const result of await Promise.allSettled(batch)) {
      if (result.status === 'fulfilled') sockets.push(result.value);
      else failed += 1;
    }
  }
  // Let the greeting pings settle before reading memory.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = await options.memory();
  const held = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;

  await options.push(ROUNDS, GAP_MS);
  const expected = ROUNDS * held;
  const deadline = Date.now() + 10_000;
  while (received < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

  for (const socket of sockets) socket.terminate();
  latencies.sort((a, b) => a - b);
  return {
    held,
    failed,
    bytesPerConnection: held ? (after.rss - before.rss) / held : 0,
    heapPerConnection: held ? (after.heapUsed + after.external - before.heapUsed - before.external) / held : 0,
    deliveredPerSecond: received / Math.max(0.001, (lastReceived - firstSent) / 1000),
    lost: Math.max(0, expected - received),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}
