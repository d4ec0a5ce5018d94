import type { FastifyInstance } from 'fastify';
import { Code } from '../../../../shared/codes';
import { AppError } from '../../errors';
import { withFollowUps } from '../../lib/follow-ups';
import type { ToolingRepo } from './repo';
import { type Scenario, scenarios } from './scenarios';
import { createKit } from './scenarios/kit';
import type { Snapshots } from './snapshots';

export const SCENARIO_NOTE = 'tooling.scenario';

/** Loads a scenario: a fresh install swapped in place, then the scenario's world built through the services. */
export function createScenarioRunner(deps: {
  app: FastifyInstance;
  snapshots: Snapshots;
  repo: ToolingRepo;
  swapped: (source: 'scenario', name: string) => void;
}) {
  const { app, snapshots, repo } = deps;

  const find = (name: string): Scenario => {
    const found = scenarios.find((s) => s.name === name);
    if (!found) throw new AppError(Code.SCENARIO_UNKNOWN);
    return found;
  };

  /** The personas with their uids, when they exist in the current data. */
  const describe = async (s: Scenario) => {
    const personas = [];
    for (const p of s.personas)
      personas.push({ ...p, uid: (await app.services.users.byUsername(p.username))?.uid ?? null });
    return {
      name: s.name,
      version: s.version,
      title: s.title,
      description: s.description,
      tryThis: s.tryThis,
      personas,
    };
  };

  return {
    async list() {
      const described = [];
      for (const s of scenarios) described.push(await describe(s));
      return described;
    },
    current: async () => (await repo.note(SCENARIO_NOTE)) ?? null,

    async load(name: string) {
      const scenario = find(name);
      const start = performance.now();
      await snapshots.reset();
      deps.swapped('scenario', name);
      try {
        await withFollowUps(() => scenario.build(createKit(app)));
      } catch (error) {
        app.log.error({ err: error, scenario: name }, 'scenario build failed');
        await snapshots.reset();
        deps.swapped('scenario', 'fresh');
        const reason = error instanceof Error ? error.message : String(error);
        throw new AppError(Code.SCENARIO_FAILED, { params: { reason: reason.slice(0, 200) } });
      }
      await repo.setNote(SCENARIO_NOTE, `${scenario.name}@${scenario.version}`);
      // Registrations of the build count against per-address limits; a tester starts clean.
      await app.limiter.clear();
      return { ...(await describe(scenario)), tookMs: Math.round(performance.now() - start), clock: app.clock.iso() };
    },
  };
}

export type ScenarioRunner = ReturnType<typeof createScenarioRunner>;
