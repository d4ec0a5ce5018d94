import type { Clock } from '../../clock';

export interface HeldCallback {
  orderNo: string;
  status: string;
  dueAt: string;
  payload: Record<string, unknown>;
}

/**
 * Gateway callbacks held back (fault deposit.late; the payment sandbox hands them over through
 * POST /ops/faults/held-callbacks), delivered once the virtual clock passes
 * their due time: on every clock move and every second. Delivery goes through the real webhook.
 */
export function createHeldCallbacks(deps: {
  clock: Clock;
  deliver: (payload: Record<string, unknown>) => Promise<void>;
  changed?: () => void;
}) {
  const held: HeldCallback[] = [];
  const changed = () => deps.changed?.();
  let flushing = false;

  async function flush() {
    if (flushing) return;
    flushing = true;
    try {
      const now = deps.clock.nowMs();
      const due = held.filter((h) => Date.parse(h.dueAt) <= now);
      for (const h of due) {
        held.splice(held.indexOf(h), 1);
        changed();
        await deps.deliver(h.payload);
      }
    } finally {
      flushing = false;
    }
  }

  return {
    /** Holds a webhook back for `delaySeconds` of the virtual clock; answers what the list shows of it. */
    hold(payload: { orderNo: string; status: string } & Record<string, unknown>, delaySeconds: number) {
      const entry = {
        orderNo: payload.orderNo,
        status: payload.status,
        dueAt: new Date(deps.clock.nowMs() + delaySeconds * 1000).toISOString(),
        payload,
      };
      held.push(entry);
      changed();
      return { orderNo: entry.orderNo, status: entry.status, dueAt: entry.dueAt };
    },
    list: () => held.map(({ orderNo, status, dueAt }) => ({ orderNo, status, dueAt })),
    flush,
    clear: () => {
      held.length = 0;
      changed();
    },
    /** What survives a restart, payloads included. */
    state: (): HeldCallback[] => held.map((h) => ({ ...h })),
    load: (list: HeldCallback[]) => {
      held.splice(0, held.length, ...list);
    },
  };
}

export type HeldCallbacks = ReturnType<typeof createHeldCallbacks>;
