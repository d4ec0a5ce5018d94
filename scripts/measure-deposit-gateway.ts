/**
 * The deposit build's gateway call, measured (issue 27 leftovers): server CPU per `POST /api/recharge/build`
 * with the real gateway call (the casino signs, injects `POST /sandbox/gateway/payments`, the sandbox
 * checks, stores its payment and answers) and with that call answered by a stub at once (the casino's own
 * work only), alternated in rounds on one in-process SQLite app so the machine's load hits both alike.
 *
 *     npx tsx scripts/measure-deposit-gateway.ts [builds per round, default 400] [rounds, default 6]
 *
 * A build is one player's order (each player builds until its Pending limit, then a fresh player).
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { registerPlayer, type TestClient, testApp } from '../server/src/test/helpers';

const perRound = Number(process.argv[2] ?? 400);
const rounds = Number(process.argv[3] ?? 6);

const app: FastifyInstance = await testApp();
const real = app.inject.bind(app);
let stubbed = false;
(app as unknown as { inject: unknown }).inject = (async (opts: InjectOptions) => {
  if (stubbed && typeof opts === 'object' && opts.url === '/sandbox/gateway/payments') {
    const { orderNo } = opts.payload as { orderNo: string };
    const body = JSON.stringify({ checkoutUrl: `http://127.0.0.1/sandbox/pay/${orderNo}?token=x` });
    return { statusCode: 201, body, json: () => JSON.parse(body) };
  }
  return real(opts);
}) as FastifyInstance['inject'];

let client: TestClient | undefined;
let builtBy = 0;
/** A player who may build another order (a sign-up is not measured). */
async function ready() {
  if (!client || builtBy >= 3) {
    // The helper's generated names may meet one taken already over thousands of sign-ups: try another.
    for (let tries = 0; ; tries++) {
      try {
        client = (await registerPlayer(app)).client;
        break;
      } catch (error) {
        if (tries >= 3) throw error;
      }
    }
    builtBy = 0;
  }
  return client;
}
async function build(player: TestClient) {
  builtBy += 1;
  const answer = await player.post('/api/recharge/build', { channel: 'gcash', amount: 500 });
  if (!answer.body.success) {
    // The Pending limit or a rate limit: a fresh player next time.
    builtBy = 99;
    return false;
  }
  return true;
}

async function measure(withGateway: boolean) {
  stubbed = !withGateway;
  let cpu = 0;
  let builds = 0;
  let wall = 0;
  while (builds < perRound) {
    const player = await ready();
    const t = performance.now();
    const c = process.cpuUsage();
    const ok = await build(player);
    const used = process.cpuUsage(c);
    wall += performance.now() - t;
    if (!ok) continue;
    cpu += used.user + used.system;
    builds += 1;
  }
  return { cpu: cpu / perRound, wall: (wall * 1000) / perRound };
}

await measure(true); // warm-up
const results: { with: number[]; without: number[] } = { with: [], without: [] };
const walls: { with: number[]; without: number[] } = { with: [], without: [] };
for (let r = 0; r < rounds; r++) {
  const a = await measure(true);
  const b = await measure(false);
  results.with.push(a.cpu);
  results.without.push(b.cpu);
  walls.with.push(a.wall);
  walls.without.push(b.wall);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log('CPU µs per build, with the gateway call:', results.with.map(Math.round).join(' '));
console.log('CPU µs per build, gateway stubbed:     ', results.without.map(Math.round).join(' '));
console.log(
  `median with ${Math.round(median(results.with))} µs, without ${Math.round(median(results.without))} µs: the call costs ${Math.round(median(results.with) - median(results.without))} µs`,
);
console.log(
  `wall µs per build (median): with ${Math.round(median(walls.with))}, without ${Math.round(median(walls.without))}`,
);
await app.close();
