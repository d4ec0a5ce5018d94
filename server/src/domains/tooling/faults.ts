import type { z } from 'zod';
import { Code, type CodeValue } from '../../../../shared/codes';
import type { addFaultBody, FaultKind, faultSchema } from '../../../../shared/contract/ops-tooling';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';

type AddFault = z.output<typeof addFaultBody>;

export type Fault = z.output<typeof faultSchema>;

const KNOWN_CODES = new Set<number>(Object.values(Code));
/** Faults that act once unless told otherwise: flows and sockets. Route faults act until removed. */
const ONCE: readonly FaultKind[] = [
  'socket.drop',
  'deposit.fail',
  'deposit.timeout',
  'deposit.duplicate',
  'deposit.late',
  'payout.fail',
  'payout.exception',
  'poker.card',
];

const ROUTE_FAULTS = new Set<FaultKind>(['latency', 'error', 'reset', 'hang']);
const FRAME_FAULTS = new Set<FaultKind>(['socket.delay', 'socket.loss']);
const DELAYS = new Set<FaultKind>(['latency', 'socket.delay']);

/** The delay of a latency fault: fixed, uniform in ms ± jitter, or normal around ms (Box-Muller); 0 to 60 s. */
export function latencyOf(f: Pick<Fault, 'ms' | 'jitterMs' | 'distribution'>, random: () => number = Math.random) {
  const ms = f.ms ?? 0;
  const jitter = f.jitterMs ?? 0;
  let value = ms;
  if (f.distribution === 'uniform') value = ms - jitter + random() * 2 * jitter;
  if (f.distribution === 'normal') {
    const u = 1 - random();
    const v = random();
    value = ms + jitter * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
  return Math.min(60_000, Math.max(0, Math.round(value)));
}

/** The envelope code an HTTP-status fault carries when none is given. */
export function defaultFaultCode(status: number): CodeValue {
  if (status === 401 || status === 403) return Code.SESSION_INVALID;
  if (status === 404) return Code.NOT_FOUND;
  if (status === 429) return Code.RATE_LIMITED;
  if (status >= 500) return Code.INTERNAL;
  return Code.BAD_REQUEST;
}

/**
 * Tester faults, switched on and off at run time, in memory (kept across a restart by tooling-state.ts). Each acts for
 * everyone or one player (uid), `remaining` times or until removed. Route faults act before a handler
 * (nothing moves); flow faults replace what the sandbox gateways answer, through the same idempotent
 * paths, so the ledger stays whole whatever is switched on. poker.card decides the card of a draw that
 * still needs a chance and pays through the same grants.
 */
export function createFaults(deps: { clock: Clock; changed?: () => void; random?: () => number }) {
  const active: Fault[] = [];
  let nextId = 1;
  const changed = () => deps.changed?.();

  // A fault with a probability below 1 is drawn on each chance; a miss neither acts nor counts.
  const matchesUid = (f: Fault, uid: number | null) =>
    (f.uid === null || f.uid === uid) && (f.probability >= 1 || random() < f.probability);
  const random = deps.random ?? Math.random;

  function use(f: Fault): Fault {
    f.applied += 1;
    if (f.remaining !== null) {
      f.remaining -= 1;
      if (f.remaining <= 0) active.splice(active.indexOf(f), 1);
    }
    changed();
    return { ...f };
  }

  function routeMatches(f: Fault, method: string, path: string, pattern: string | null) {
    if (f.method !== null && f.method !== method) return false;
    if (f.regex !== null) return new RegExp(f.regex).test(path);
    const route = f.route ?? '';
    if (route.endsWith('*')) return path.startsWith(route.slice(0, -1));
    return route === path || route === pattern;
  }

  return {
    list: (): Fault[] => active.map((f) => ({ ...f })),

    add(input: AddFault): Fault {
      const status = input.kind === 'error' ? (input.status ?? 200) : null;
      let code: number | null = null;
      if (input.kind === 'error') {
        code = input.code ?? defaultFaultCode(status ?? 500);
        if (!KNOWN_CODES.has(code) || code === Code.OK) throw new AppError(Code.FAULT_CODE_UNKNOWN);
      }
      const fault: Fault = {
        id: nextId++,
        kind: input.kind,
        uid: input.uid ?? null,
        route: input.route ?? null,
        regex: input.regex ?? null,
        method: input.method ?? null,
        ms: DELAYS.has(input.kind) || input.kind === 'hang' ? (input.ms ?? null) : null,
        jitterMs: DELAYS.has(input.kind) ? (input.jitterMs ?? null) : null,
        distribution: DELAYS.has(input.kind)
          ? (input.distribution ?? (input.kind === 'socket.delay' && input.jitterMs ? 'uniform' : 'fixed'))
          : null,
        probability: input.probability ?? 1,
        msg: input.kind === 'error' ? (input.msg ?? null) : null,
        data: input.kind === 'error' ? (input.data ?? null) : null,
        status,
        code,
        delaySeconds: input.kind === 'deposit.late' ? (input.delaySeconds ?? 60) : null,
        card: input.kind === 'poker.card' ? (input.card ?? null) : null,
        remaining: input.count ?? (ONCE.includes(input.kind) ? 1 : null),
        applied: 0,
        createdAt: deps.clock.iso(),
      };
      active.push(fault);
      changed();
      return { ...fault };
    },

    remove(id?: number): number {
      if (id === undefined) {
        const removed = active.splice(0).length;
        changed();
        return removed;
      }
      const index = active.findIndex((f) => f.id === id);
      if (index < 0) throw new AppError(Code.FAULT_NOT_FOUND);
      active.splice(index, 1);
      changed();
      return 1;
    },

    /** What survives a restart (tooling-state.json). */
    state: () => ({ nextId, faults: active.map((f) => ({ ...f })) }),

    /** Takes back the faults of a previous run. */
    load(state: { nextId: number; faults: Fault[] }) {
      // Files of an older run may lack newer fields: they get the defaults add() gives.
      const defaults = { regex: null, jitterMs: null, distribution: null, probability: 1, msg: null, data: null };
      active.splice(0, active.length, ...state.faults.map((f) => ({ ...defaults, ...f })));
      nextId = Math.max(state.nextId, ...state.faults.map((f) => f.id + 1), nextId);
    },

    /** Whether any latency or error fault is on: most requests need not look further. */
    anyRouteFault: () => active.some((f) => ROUTE_FAULTS.has(f.kind)),

    /** The route faults for a request, each used once: latency first, then at most one error, reset or hang. */
    forRequest(method: string, path: string, pattern: string | null, uid: number | null) {
      const hits = active.filter(
        (f) => ROUTE_FAULTS.has(f.kind) && routeMatches(f, method, path, pattern) && matchesUid(f, uid),
      );
      const latency = hits.filter((f) => f.kind === 'latency').map(use);
      const error = hits.find((f) => f.kind !== 'latency');
      return { latency, error: error ? use(error) : undefined };
    },

    /** Takes the next flow fault of `prefix` (deposit, payout or poker) for the player, if one is on. */
    take(prefix: 'deposit' | 'payout' | 'poker', uid: number | null): Fault | undefined {
      const found = active.find((f) => f.kind.startsWith(`${prefix}.`) && matchesUid(f, uid));
      return found ? use(found) : undefined;
    },

    /** Whether a socket.delay or socket.loss fault is on: most frames need not look further. */
    anyFrameFault: () => active.some((f) => FRAME_FAULTS.has(f.kind)),

    /**
     * What the frame faults do to one outbound frame of the player: 'drop' (socket.loss), a delay in ms (the
     * socket.delay faults that hit, added up), or undefined. Each fault that acts counts one frame.
     */
    forFrame(uid: number | null): 'drop' | number | undefined {
      const hits = active.filter((f) => FRAME_FAULTS.has(f.kind) && matchesUid(f, uid));
      const loss = hits.find((f) => f.kind === 'socket.loss');
      if (loss) {
        use(loss);
        return 'drop';
      }
      const delays = hits.filter((f) => f.kind === 'socket.delay').map(use);
      return delays.length ? delays.reduce((sum, f) => sum + latencyOf(f, random), 0) : undefined;
    },

    /** The socket.drop fault for a player's connection, used once per dropped connection. */
    takeSocketDrop(uid: number | null): Fault | undefined {
      const found = active.find((f) => f.kind === 'socket.drop' && matchesUid(f, uid));
      return found ? use(found) : undefined;
    },

    clear: () => {
      active.length = 0;
    },
  };
}

export type Faults = ReturnType<typeof createFaults>;
