import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { ISOLATED } from '../../../tests/isolated';

const ROOT = join(import.meta.dirname, '../../..');
/** What needs a module graph of its own: a module replaced, or the timers faked. */
const NEEDS_ISOLATION = /\bvi\.(mock|doMock|unmock|doUnmock|useFakeTimers)\(/;

function testFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return /\.test\.ts$/.test(entry.name) && !/\.(pg|redis)\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

it('every server test file that mocks a module or fakes the timers is in the server-isolated project', () => {
  const files = ['server', 'shared', 'scripts'].flatMap(testFiles).map((f) => relative(ROOT, join(ROOT, f)));
  const needing = files.filter((f) => NEEDS_ISOLATION.test(readFileSync(join(ROOT, f), 'utf8')));
  expect(needing.length).toBeGreaterThan(0);
  expect(needing.filter((f) => !ISOLATED.includes(f))).toEqual([]);
  expect(ISOLATED.filter((f) => !existsSync(join(ROOT, f)))).toEqual([]);
});
