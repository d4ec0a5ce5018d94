/**
 * Setup of the server test project: the code check. Every app a test builds reports each failure code an
 * endpoint answered without listing it (its contract `codes` and the generic ones, answerableCodes in
 * server/src/plugins/docs.ts); the test in which it happened fails, naming the route and the code.
 *
 * `CODE_CHECK=collect` records them instead (one JSON line each in CODE_CHECK_FILE, default
 * /tmp/code-check.jsonl), to see at once what a whole run meets.
 */
import { appendFileSync } from 'node:fs';
import { afterAll, afterEach, expect } from 'vitest';
import { installCodeCheck, type UndeclaredCode } from '../plugins/code-check';

const MODE: 'enforce' | 'collect' = process.env.CODE_CHECK === 'collect' ? 'collect' : 'enforce';
const FILE = process.env.CODE_CHECK_FILE ?? '/tmp/code-check.jsonl';

const seen: UndeclaredCode[] = [];
installCodeCheck((undeclared) => seen.push(undeclared));

function report() {
  const found = seen.splice(0);
  if (found.length === 0) return;
  const pairs = [...new Set(found.map((f) => `${f.route} answered ${f.code}`))];
  if (MODE === 'collect') {
    const { testPath, currentTestName } = expect.getState();
    const lines = found.map((f) => JSON.stringify({ ...f, file: testPath, test: currentTestName }));
    appendFileSync(FILE, `${lines.join('\n')}\n`);
    return;
  }
  throw new Error(
    `A failure code the endpoint does not declare (add it to its \`codes\` in shared/contract): ${pairs.join('; ')}`,
  );
}

afterEach(report);
afterAll(report);
