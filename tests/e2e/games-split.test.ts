import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GROUPS, PARTS } from './games-journey';

/** The game studio journey runs in two files: together they play every group once, and each part once. */
describe('the game studio journey split in two files', () => {
  it('plays every group of GROUPS in exactly one file', () => {
    const played = Object.values(PARTS).flatMap((part) => part.groups);
    expect(played.sort((a, b) => a - b)).toEqual(GROUPS.map((_, index) => index));
  });

  it('has the slot bonus and the shared table in exactly one part each', () => {
    expect(Object.values(PARTS).filter((part) => part.slotBonus)).toHaveLength(1);
    expect(Object.values(PARTS).filter((part) => part.sharedTable)).toHaveLength(1);
  });

  it('runs each part from its own test file', () => {
    for (const part of Object.keys(PARTS)) {
      const source = readFileSync(join(import.meta.dirname, `games-${part}.test.ts`), 'utf8');
      expect(source).toContain(`gamesJourney('${part}')`);
    }
  });
});
