import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAMES_DOC, withCatalog } from './games-doc';

describe('docs/games.md', () => {
  it('carries the catalog section generated from the title list (npm run docs:games writes it)', () => {
    const doc = readFileSync(GAMES_DOC, 'utf8');
    expect(doc).toContain('<!-- catalog:start -->');
    // compared as text, so a hand edit, a new title or a changed configuration fails here until regenerated
    expect(withCatalog(doc)).toBe(doc);
  });
});
