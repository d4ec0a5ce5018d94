import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { Clock } from '../clock';
import { EventBus } from '../plugins/events';
import { installFollowUps } from './follow-ups';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bare app with the follow-ups installed, an event bus and a clock, and what their listeners did. */
async function bench() {
  const app = Fastify();
  installFollowUps(app);
  const events = new EventBus();
  const clock = new Clock({ frozenAt: new Date('2026-11-20T02:00:00Z') });
  const done: string[] = [];
  events.on('user.registered', async ({ uid }) => {
    await later(30);
    done.push(`coupon ${uid}`);
    // Work a follow-up starts is waited for too.
    events.emit('badge.stale', { userId: uid, counters: [] });
  });
  events.on('badge.stale', async ({ userId }) => {
    await later(10);
    done.push(`letter ${userId}`);
  });
  clock.onChange(async () => {
    await later(20);
    done.push('expired');
  });
  app.post('/register', async () => {
    events.emit('user.registered', { userId: 1, uid: 7 });
    return { ok: true };
  });
  app.post('/advance', async () => {
    clock.advance(60_000);
    return { ok: true };
  });
  app.post('/failing', async () => {
    events.emit('kyc.decided', { userId: 1, status: 'verified' });
    return { ok: true };
  });
  events.on('kyc.decided', () => Promise.reject(new Error('a listener that failed (and logged it)')));
  await app.ready();
  return { app, events, clock, done };
}

describe('follow-ups: the answer waits for the work its request started', () => {
  it("an event's listeners, and the work they start, are done when the answer arrives", async () => {
    const { app, done } = await bench();
    const answer = await app.inject({ method: 'POST', url: '/register' });
    expect(answer.json()).toEqual({ ok: true });
    expect(done).toEqual(['coupon 7', 'letter 7']);
  });

  it("a clock move's listeners are done when the answer arrives", async () => {
    const { app, done } = await bench();
    await app.inject({ method: 'POST', url: '/advance' });
    expect(done).toEqual(['expired']);
  });

  it('a failed follow-up ends the wait and leaves the answer as it was', async () => {
    const { app } = await bench();
    const answer = await app.inject({ method: 'POST', url: '/failing' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ok: true });
  });

  it('work started outside a request is waited for by nobody', async () => {
    const { events, done } = await bench();
    events.emit('user.registered', { userId: 2, uid: 8 });
    expect(done).toEqual([]);
    await later(80);
    expect(done).toEqual(['coupon 8', 'letter 8']);
  });
});
