import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { Code } from '../../../../shared/codes';
import { addStubBody, type stubSchema } from '../../../../shared/contract/ops-stubs';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';

export type Stub = z.output<typeof stubSchema>;
type AddStub = z.output<typeof addStubBody> & { source?: Stub['source'] };

/**
 * Tester stubs: the answer of one contract endpoint overridden at run time, in memory (kept across a
 * restart by tooling-state.ts, shared with the cluster like faults). A stub answers instead of the handler,
 * so nothing the real handler would do happens (a stubbed claim pays nothing). The most specific one
 * acts: a player's own stub before one for everyone, the newest first.
 */
export function createStubs(deps: { clock: Clock; changed?: () => void }) {
  const active: Stub[] = [];
  let nextId = 1;
  const changed = () => deps.changed?.();

  return {
    list: (): Stub[] => active.map((s) => ({ ...s })),

    /** Whether any stub is on: most requests need not look further. */
    any: () => active.length > 0,

    add(input: AddStub): Stub {
      const stub: Stub = {
        id: nextId++,
        method: input.method,
        path: input.path,
        uid: input.uid ?? null,
        data: input.error ? null : input.data,
        error: input.error ? { code: input.error.code, msg: input.error.msg ?? null } : null,
        remaining: input.count ?? null,
        applied: 0,
        source: input.source ?? 'api',
        createdAt: deps.clock.iso(),
      };
      active.push(stub);
      changed();
      return { ...stub };
    },

    remove(id?: number): number {
      if (id === undefined) {
        const removed = active.splice(0).length;
        changed();
        return removed;
      }
      const index = active.findIndex((s) => s.id === id);
      if (index < 0) throw new AppError(Code.STUB_NOT_FOUND);
      active.splice(index, 1);
      changed();
      return 1;
    },

    /** The stub that answers this request (method and route pattern), used once; undefined: the real answer. */
    take(method: string, pattern: string, uid: number | null): Stub | undefined {
      let found: Stub | undefined;
      for (let n = active.length - 1; n >= 0; n--) {
        const s = active[n] as Stub;
        if (s.method !== method || s.path !== pattern) continue;
        if (s.uid !== null && s.uid === uid) {
          found = s;
          break;
        }
        if (s.uid === null) found ??= s;
      }
      if (!found) return undefined;
      found.applied += 1;
      if (found.remaining !== null) {
        found.remaining -= 1;
        if (found.remaining <= 0) active.splice(active.indexOf(found), 1);
      }
      changed();
      return { ...found };
    },

    /** What survives a restart (tooling-state.json); the STUBS_FILE's are loaded afresh at each start. */
    state: () => ({ nextId, stubs: active.filter((s) => s.source === 'api').map((s) => ({ ...s })) }),
    /** The whole set, for the other processes of the cluster. */
    shared: () => ({ nextId, stubs: active.map((s) => ({ ...s })) }),

    load(state: { nextId: number; stubs: Stub[] }) {
      active.splice(0, active.length, ...state.stubs.map((s) => ({ ...s })));
      nextId = Math.max(state.nextId, ...state.stubs.map((s) => s.id + 1), nextId);
    },
  };
}

export type Stubs = ReturnType<typeof createStubs>;

const stubsFileSchema = z.object({ stubs: z.array(z.unknown()) }).or(z.array(z.unknown()));

/**
 * The stubs of STUBS_FILE: a JSON list of POST /ops/stubs bodies (or `{ "stubs": [...] }`), each checked
 * against its endpoint's schema as the API checks it. A file that cannot be read or holds a stub the API
 * would refuse stops the start, with the file, the stub's position and the first problem.
 */
export function readStubsFile(file: string): z.output<typeof addStubBody>[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`STUBS_FILE ${file}: cannot be read as JSON (${(error as Error).message})`);
  }
  const list = stubsFileSchema.safeParse(parsed);
  if (!list.success) throw new Error(`STUBS_FILE ${file}: expected a list of stubs or { "stubs": [...] }`);
  const items = Array.isArray(list.data) ? list.data : list.data.stubs;
  return items.map((item, n) => {
    const checked = addStubBody.safeParse(item);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const at = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      throw new Error(`STUBS_FILE ${file}: stub ${n} is refused: ${at}${issue?.message ?? 'invalid'}`);
    }
    return checked.data;
  });
}
