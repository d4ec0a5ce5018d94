import { describe, expect, it } from 'vitest';
import { type Manifest, tagsFrom } from './page-assets';
import { chunkFiles, dynamicChunks, entryChunk } from './page-manifest.mjs';

/** The shape Vite writes (build.manifest): a shared kit chunk with its CSS, a table kit, two entries. */
const manifest: Manifest = {
  '_common-A.js': { file: 'assets/common-A.js', name: 'common', css: ['assets/games-A.css'] },
  '_tablekit-B.js': {
    file: 'assets/tablekit-B.js',
    name: 'tablekit',
    imports: ['_common-A.js'],
    css: ['assets/tablekit-B.css'],
  },
  'roulette.ts': {
    file: 'assets/roulette-C.js',
    name: 'roulette',
    isEntry: true,
    imports: ['_common-A.js', '_tablekit-B.js'],
    css: ['assets/roulette-C.css'],
  },
  'dice.ts': { file: 'assets/dice-D.js', name: 'dice', isEntry: true, imports: ['_common-A.js'] },
};

describe('a game page’s tags from the build manifest', () => {
  it('loads the kit’s styles before the table kit’s and the family’s, and preloads each chunk once', () => {
    expect(tagsFrom(manifest, 'roulette')).toEqual({
      styles: [
        '/provider/pages/assets/games-A.css',
        '/provider/pages/assets/tablekit-B.css',
        '/provider/pages/assets/roulette-C.css',
      ],
      preloads: ['/provider/pages/assets/common-A.js', '/provider/pages/assets/tablekit-B.js'],
      script: '/provider/pages/assets/roulette-C.js',
    });
  });

  it('gives a family only what it imports', () => {
    expect(tagsFrom(manifest, 'dice')).toEqual({
      styles: ['/provider/pages/assets/games-A.css'],
      preloads: ['/provider/pages/assets/common-A.js'],
      script: '/provider/pages/assets/dice-D.js',
    });
  });

  it('has nothing for a name that is no entry (a shared chunk, or a family without a page)', () => {
    expect(tagsFrom(manifest, 'common')).toBeNull();
    expect(tagsFrom(manifest, 'nope')).toBeNull();
  });
});

describe('the manifest walk npm run size weighs (page-manifest.mjs, the same as the tags)', () => {
  const withPond: Manifest = {
    ...manifest,
    'fishing.ts': {
      file: 'assets/fishing-E.js',
      name: 'fishing',
      isEntry: true,
      imports: ['_common-A.js'],
      dynamicImports: ['_pond-F.js'],
    },
    '_pond-F.js': { file: 'assets/pond-F.js', imports: ['_common-A.js', '_pixi-G.js'], css: ['assets/pond-F.css'] },
    '_pixi-G.js': { file: 'assets/pixi-G.js' },
  };

  it('gives a page’s first load, then only what its dynamic imports add to it', () => {
    const seen = new Set<string>();
    const first = chunkFiles(withPond, [entryChunk(withPond, 'fishing')!], seen);
    expect(first).toEqual({ scripts: ['assets/common-A.js', 'assets/fishing-E.js'], styles: ['assets/games-A.css'] });
    const later = chunkFiles(withPond, dynamicChunks(withPond, first.scripts), seen);
    // the kit is in the first load already: the pond and PixiJS alone come later
    expect(later).toEqual({ scripts: ['assets/pixi-G.js', 'assets/pond-F.js'], styles: ['assets/pond-F.css'] });
  });
});
