import { afterEach, describe, expect, it, vi } from 'vitest';
import { testApp } from '../test/helpers';
import { resilient, SCHEDULED_BACKOFF_MS } from './broker';

/**
 * Degrade, never die (issue 26): scheduled work whose engine is away (the database stopped under the
 * withdrawal payout timer killed every process of a cluster in turn) is logged and backs off; it neither
 * throws out of its timer nor leaves a rejected promise, and it runs again by itself once the engine is back.
 */
afterEach(() => {
  vi.useRealTimers();
});

const quietLog = () => ({ error: vi.fn() });

describe('scheduled work', () => {
  it('catches a throw, backs off doubling, and runs again once the back-off is over', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const log = quietLog();
    let down = true;
    const calls: number[] = [];
    const run = resilient(
      () => {
        calls.push(Date.now());
        if (down) throw new Error('connection refused');
      },
      log,
      'payouts',
    );
    expect(() => run()).not.toThrow();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ failures: 1, retryInMs: SCHEDULED_BACKOFF_MS }),
      expect.stringContaining('payouts failed'),
    );
    run(); // inside the back-off: skipped
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(SCHEDULED_BACKOFF_MS);
    run();
    expect(calls).toHaveLength(2);
    expect(log.error).toHaveBeenLastCalledWith(
      expect.objectContaining({ failures: 2, retryInMs: 2 * SCHEDULED_BACKOFF_MS }),
      expect.any(String),
    );
    vi.advanceTimersByTime(2 * SCHEDULED_BACKOFF_MS);
    down = false;
    run();
    run();
    expect(calls).toHaveLength(4);
    expect(log.error).toHaveBeenCalledTimes(2);
  });

  it('catches a rejected promise (async work) the same way', async () => {
    const log = quietLog();
    const run = resilient(() => Promise.reject(new Error('Redis is loading')), log, 'table draw');
    run();
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ failures: 1 }),
      expect.stringContaining('table draw failed'),
    );
  });

  it("wraps the app's own scheduled work: a database failure under it is not thrown out of the timer", async () => {
    const app = await testApp();
    try {
      const settle = app.services.withdrawals.settleDue;
      app.services.withdrawals.settleDue = () => {
        throw new Error('database is away');
      };
      const work = app.cluster.scheduled(() => app.services.withdrawals.settleDue(), 'withdrawal payouts');
      expect(() => work()).not.toThrow();
      app.services.withdrawals.settleDue = settle;
    } finally {
      await app.close();
    }
  });
});
