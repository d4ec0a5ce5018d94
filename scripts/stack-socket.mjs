// A check of the local cluster (`npm run stack`) from outside: logs a player in through nginx, opens the
// player socket through nginx (WebSocket upgrade), answers the heartbeat, then credits the player once
// through each server process directly (the operator API, ADMIN_TOKEN from data/stack/secrets.json) and
// waits for each `balance.changed` push on the one socket: whichever process holds the socket, the pushes
// made on the others reach it through Redis.
//
//   node scripts/stack-socket.mjs --user stack01 --password secret123
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';

const STACK = join(resolve(import.meta.dirname, '..'), 'data', 'stack');
const { values } = parseArgs({
  options: { user: { type: 'string' }, password: { type: 'string' } },
});
if (!values.user || !values.password) {
  console.log('usage: node scripts/stack-socket.mjs --user NAME --password TYPED_PASSWORD');
  process.exit(1);
}
const state = JSON.parse(readFileSync(join(STACK, 'stack.json'), 'utf8'));
const { ADMIN_TOKEN } = JSON.parse(readFileSync(join(STACK, 'secrets.json'), 'utf8'));
const front = `http://localhost:${state.port}`;

const login = await fetch(`${front}/api/user/login`, {
  method: 'POST',
  headers: { requestFrom: 'H5', 'content-type': 'application/json' },
  body: JSON.stringify({
    username: values.user,
    password: createHash('md5').update(values.password).digest('hex'),
  }),
});
const player = await login.json();
if (!player.success) throw new Error(`login failed: ${JSON.stringify(player)}`);
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
console.log(`logged in through nginx: uid ${player.data.uid}`);

const socket = new WebSocket(`ws://localhost:${state.port}/webSocket/${player.data.uid}`, { headers: { cookie } });
const frames = [];
let heard = () => undefined;
socket.on('message', (raw) => {
  const frame = JSON.parse(String(raw));
  frames.push(frame);
  if (process.env.DEBUG_FRAMES) console.log('frame', JSON.stringify(frame));
  // Acknowledged as the client does, so the server stops keeping the frame to send again.
  if (frame.sid) socket.send(JSON.stringify({ event: 'ack', sid: frame.sid }));
  heard();
});
await new Promise((done, fail) => {
  socket.once('open', done);
  socket.once('unexpected-response', (_request, response) =>
    fail(new Error(`upgrade refused: ${response.statusCode}`)),
  );
  socket.once('error', fail);
});
console.log(`socket open through nginx: ws://localhost:${state.port}/webSocket/${player.data.uid}`);

/** Resolves with the first frame (already heard or to come) that `match` accepts; fails after 10 s. */
function frame(match) {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error('no such frame within 10 s')), 10_000);
    const look = () => {
      const index = frames.findIndex(match);
      if (index < 0) return;
      clearTimeout(timer);
      done(frames.splice(index, 1)[0]);
    };
    heard = look;
    look();
  });
}

socket.send(JSON.stringify({ event: 'ping' }));
console.log(`heartbeat: sent ping, got ${(await frame((f) => f.event === 'pong')).event}`);

for (const server of state.servers) {
  const answer = await fetch(`http://127.0.0.1:${server.port}/ops/users/${player.data.uid}/adjust`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 1, reason: `stack check via server ${server.index}` }),
  });
  const body = await answer.json();
  if (!body.success) throw new Error(`adjust on server ${server.index} failed: ${JSON.stringify(body)}`);
  // The push of this credit: earlier unacknowledged ones may be sent again on connection.
  const push = await frame((f) => f.event === 'balance.changed' && f.content.balance === body.data.balance);
  console.log(
    `credit of 1.00 on server ${server.index} (port ${server.port}): balance ${body.data.balance}; push on the socket: ${JSON.stringify(push.content)}`,
  );
}
socket.close();
