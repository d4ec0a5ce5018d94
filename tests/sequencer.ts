import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order `npm test` starts its files in: the longest first, so that no long file starts last and the
 * workers finish together (the run's tail is the file that started last; docs/performance.md "The test
 * suite's time"). Vitest's own order needs the durations of an earlier run on this machine (none in a
 * fresh clone, where it takes the largest files first, project by project); the fuzz shards and the game
 * journey's two files are small files that run for a minute.
 *
 * LONGEST holds the files known to be long, in seconds on a quiet 2-core machine (a guide, not a check):
 * they start first, longest first. Every other file follows, the end-to-end files first (each waits on a
 * browser for tens of seconds), then the server's, then the client's (a second or two each), each project
 * largest first. Update the list from a run's JSON report when a file grows past the last one listed.
 */
export const LONGEST: Record<string, number> = {
  'tests/e2e/games-tables.test.ts': 80,
  'tests/e2e/games-arcade.test.ts': 80,
  'tests/e2e/screens.test.ts': 63,
  'tests/e2e/farming-journeys.test.ts': 60,
  'server/src/fuzz-1.test.ts': 55,
  'server/src/fuzz-2.test.ts': 50,
  'server/src/fuzz-3.test.ts': 50,
  'tests/e2e/roulette.test.ts': 49,
};

const PROJECT_ORDER = ['e2e', 'server', 'server-isolated', 'client'];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = files[0]?.project.vitest.config.root ?? process.cwd();
    const path = (spec: TestSpecification) => relative(root, spec.moduleId).split('\\').join('/');
    const known = files.filter((spec) => LONGEST[path(spec)] !== undefined);
    known.sort((a, b) => (LONGEST[path(b)] ?? 0) - (LONGEST[path(a)] ?? 0));
    const rest = await super.sort(files.filter((spec) => LONGEST[path(spec)] === undefined));
    const rank = (spec: TestSpecification) => {
      const index = PROJECT_ORDER.indexOf(spec.project.name);
      return index === -1 ? PROJECT_ORDER.length : index;
    };
    // Array.prototype.sort is stable: within a project, Vitest's order (earlier durations, else size).
    rest.sort((a, b) => rank(a) - rank(b));
    return [...known, ...rest];
  }
}
