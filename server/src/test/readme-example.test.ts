import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

/** The README's supertest example, exactly as printed, run from the repository root. */
it("the README's integration-test example runs as written", async () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const block = /<!-- readme-example:start -->\s*```ts\n([\s\S]*?)```\s*<!-- readme-example:end -->/.exec(readme);
  expect(block, 'README.md has the example between its readme-example markers').not.toBeNull();
  const file = join(ROOT, `readme-example.${process.pid}.tmp.ts`);
  writeFileSync(file, block?.[1] ?? '');
  try {
    // Its assertions throw (node:assert) when the example no longer holds.
    await expect(import(/* @vite-ignore */ file)).resolves.toBeDefined();
  } finally {
    rmSync(file, { force: true });
  }
});
