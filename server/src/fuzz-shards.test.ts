import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FUZZ_SHARDS, registeredEndpoints, shardOf } from './test/fuzz-suite';
import { testApp } from './test/helpers';

/** The fuzz test's shards (test/fuzz-suite.ts) together cover every registered route once, each in its file. */
describe('the fuzz test split in shards', () => {
  it('gives every registered route to exactly one shard', async () => {
    const app = await testApp();
    try {
      const all = registeredEndpoints(app).map((e) => `${e.method} ${e.path}`);
      const sharded = Array.from({ length: FUZZ_SHARDS }, (_, shard) => shardOf(all, shard)).flat();
      expect(sharded.sort()).toEqual([...all].sort());
      expect(new Set(all).size).toBe(all.length);
    } finally {
      await app.close();
    }
  });

  it('has one test file per shard and no other', () => {
    const files = readdirSync(import.meta.dirname).filter((name) => /^fuzz-\d+\.test\.ts$/.test(name));
    expect(files.sort()).toEqual(Array.from({ length: FUZZ_SHARDS }, (_, shard) => `fuzz-${shard + 1}.test.ts`));
  });
});
