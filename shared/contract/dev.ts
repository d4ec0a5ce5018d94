import { z } from 'zod';
import { Code } from '../codes';
import { COUNTER_EVENTS, type CounterEvent } from '../socket';
import { isoTime } from './common';
import { defineEndpoint } from './define';
import { clockActions } from './ops';

/**
 * The player client's dev panel. These routes exist only when the server runs with
 * NODE_ENV=development and OPS_ENABLED is not false (config `devTools`); they need no operator token,
 * so never run a reachable server in development mode.
 */

const counterEvents = Object.keys(COUNTER_EVENTS) as [CounterEvent, ...CounterEvent[]];

export const devStateSchema = z.object({
  clock: z
    .object({
      now: isoTime.describe('The virtual now'),
      manilaDay: z.string().describe('The business day in Asia/Manila, YYYY-MM-DD'),
      frozen: z.boolean().describe('True while the clock stands still'),
    })
    .describe('The virtual clock, as GET /ops/clock answers it'),
  scenario: z.string().nullable().describe('name@version of the scenario last loaded, null when none'),
  persona: z.object({ uid: z.number().int(), username: z.string() }).nullable().describe('The session player'),
  scenarios: z
    .array(
      z.object({
        name: z.string().describe('What POST /api/dev/scenario/:name takes'),
        title: z.string(),
        personas: z
          .array(z.object({ username: z.string(), password: z.string(), role: z.string() }))
          .describe('Who to log in as once it is loaded, with the password to type and who they are in it'),
      }),
    )
    .describe('The named scenarios the panel can reset the database to'),
  counterEvents: z.array(z.string()).describe('The badge counter events POST /api/dev/push can send to yourself'),
});

export const devState = defineEndpoint({
  method: 'GET',
  path: '/api/dev/state',
  access: 'open',
  quiet: true,
  summary: 'Dev panel: the clock, the scenarios and who is logged in',
  data: devStateSchema,
});

export const devClock = defineEndpoint({
  method: 'POST',
  path: '/api/dev/clock',
  access: 'open',
  summary: 'Dev panel: advance the virtual clock (1h, 1d...), freeze it, resume it or go back to real time',
  body: z
    .strictObject({
      advance: z.string().max(32).optional(),
      action: z.enum(clockActions).optional().describe('freeze, resume or real (as POST /ops/clock)'),
    })
    .refine((b) => (b.advance === undefined) !== (b.action === undefined), {
      message: 'Give either advance or action',
    }),
  data: devStateSchema,
  codes: [Code.NOT_FOUND, Code.OPS_BAD_DURATION],
});

export const devScenario = defineEndpoint({
  method: 'POST',
  path: '/api/dev/scenario/:name',
  access: 'open',
  summary: 'Dev panel: reset the database to a scenario (every session ends)',
  params: z.strictObject({ name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/) }),
  body: z.strictObject({}),
  data: devStateSchema,
  codes: [Code.NOT_FOUND, Code.SCENARIO_UNKNOWN, Code.SNAPSHOT_INCOMPATIBLE, Code.SCENARIO_FAILED],
});

export const devPush = defineEndpoint({
  method: 'POST',
  path: '/api/dev/push',
  access: 'user',
  summary: 'Dev panel: push a badge counter event to yourself',
  body: z.strictObject({ event: z.enum(counterEvents), value: z.number().int().min(0).max(999) }),
  data: z.object({ sid: z.string() }),
});

export const devEndpoints = [devState, devClock, devScenario, devPush] as const;
