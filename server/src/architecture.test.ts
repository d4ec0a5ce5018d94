import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of docs/architecture.md and docs/client.md, checked on every source file: an import
 * that goes the wrong way (upward, or across features or domains) fails here with its file and line.
 */

const ROOT = normalize(join(import.meta.dirname, '../..'));

interface Import {
  /** Repository-relative path of the importing file. */
  from: string;
  /** Repository-relative path of the imported module (relative specifiers only), without extension. */
  to: string;
  line: number;
}

const SPECIFIER = /(?:^|[^\w.])(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative imports of one file's text (bare package imports are not layers). */
function importsOf(from: string, text: string): Import[] {
  const found: Import[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[1] ?? match[2] ?? '';
    if (!specifier.startsWith('.')) continue;
    const to = normalize(join(dirname(from), specifier)).replace(/\.(tsx?|js|json)$/, '');
    found.push({ from, to, line: text.slice(0, match.index).split('\n').length });
  }
  return found;
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path);
/** A test, or a helper file only tests import (a domain's test-kit.ts or fixtures.ts). */
const isTestSupport = (path: string) => isTest(path) || /\/(test-kit|fixtures)$/.test(path.replace(/\.tsx?$/, ''));
const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);
/** `server/src/domains/<d>/...` -> d */
const domainOf = (path: string) => /^server\/src\/domains\/([^/]+)\//.exec(path)?.[1];
/** `client/src/features/<f>/...` -> f */
const featureOf = (path: string) => /^client\/src\/features\/([^/]+)\//.exec(path)?.[1];
const isRepo = (path: string) => /(^|\/|\.)repo$/.test(path);

/** Client layers, bottom to top: a file may import its own layer or one below. */
const CLIENT_LAYERS = ['lib', 'components', 'features', 'pages', 'app'] as const;
const clientLayer = (path: string) => {
  const top = /^client\/src\/([^/]+)\//.exec(path)?.[1];
  const index = CLIENT_LAYERS.indexOf(top as (typeof CLIENT_LAYERS)[number]);
  // locales and styles are data: any layer may use them
  return index === -1 ? undefined : index;
};
/** The framework layer of the server: it serves every domain and knows none. */
const FRAMEWORK = [
  'server/src/plugins',
  'server/src/lib',
  'server/src/route',
  'server/src/types',
  'server/src/errors',
  'server/src/clock',
  'server/src/config',
  'server/src/db/database',
];

/** The money tables' statements: private to the ledger service, so nothing writes a balance around post(). */
const LEDGER_REPO = 'server/src/domains/ledger/repo';
const LEDGER_SERVICE = 'server/src/domains/ledger/service';

/** Every broken rule of one import, as a sentence; empty when the import is allowed. */
function brokenRules({ from, to }: Import): string[] {
  const broken: string[] = [];
  if (under(from, 'shared') && (under(to, 'server') || under(to, 'client'))) {
    broken.push('shared/ imports nothing from server/ or client/');
  }
  if (under(from, 'client') && under(to, 'server')) broken.push('the client imports nothing from server/');
  if (under(from, 'server') && under(to, 'client')) broken.push('the server imports nothing from client/');
  if (FRAMEWORK.some((f) => under(from, f) || from === f) && under(to, 'server/src/domains')) {
    broken.push('plugins, lib and the framework files never import a domain');
  }
  if (!isTestSupport(from) && !under(from, 'server/src/test') && under(to, 'server/src/test')) {
    broken.push('only tests import server/src/test (shared recipes live in server/src/world)');
  }
  if (under(from, 'server/src/world') && (under(to, 'server/src/domains') || under(to, 'server/src/test'))) {
    broken.push('the world recipes import only the contract and lib (a transport runs them)');
  }
  const fromDomain = domainOf(from);
  const toDomain = domainOf(to);
  if (fromDomain && toDomain && fromDomain !== toDomain && isRepo(to) && !isTest(from)) {
    broken.push(`domain ${fromDomain} reaches into ${toDomain}'s repo (add a service method)`);
  }
  if (to === LEDGER_REPO && from.replace(/\.ts$/, '') !== LEDGER_SERVICE && !isTest(from)) {
    broken.push("only the ledger's service uses its repo: every balance change goes through post()");
  }
  const fromLayer = clientLayer(from);
  const toLayer = clientLayer(to);
  if (fromLayer !== undefined && toLayer !== undefined) {
    // lib and components are one level: the UI kit and the plumbing may use each other
    const level = (layer: number) => Math.max(layer, 1);
    if (level(toLayer) > level(fromLayer)) {
      broken.push(
        `client ${CLIENT_LAYERS[fromLayer]}/ imports ${CLIENT_LAYERS[toLayer]}/ (imports go lib/components <- features <- pages <- app)`,
      );
    }
  }
  const fromFeature = featureOf(from);
  const toFeature = featureOf(to);
  if (fromFeature && toFeature && fromFeature !== toFeature) {
    broken.push(`feature ${fromFeature} imports feature ${toFeature} (features never import each other)`);
  }
  return broken;
}

function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

/**
 * The layers that must not depend on a part even through others (a plugin importing a helper that imports
 * a domain is a plugin depending on that domain): each group of files, what none of its imports may lead to,
 * followed through every file reached (type imports too: they are dependencies of the code's shape).
 */
const CLOSED_LAYERS: { name: string; files: (path: string) => boolean; never: (path: string) => boolean }[] = [
  {
    name: 'the framework (plugins, lib, db, the core files) reaches no domain',
    files: (path) =>
      !isTestSupport(path) &&
      (FRAMEWORK.some((f) => under(path, f) || path.replace(/\.ts$/, '') === f) || under(path, 'server/src/db')),
    never: (path) => under(path, 'server/src/domains'),
  },
  {
    name: 'shared/ reaches nothing of server/ or client/',
    files: (path) => under(path, 'shared') && !isTestSupport(path),
    never: (path) => under(path, 'server') || under(path, 'client'),
  },
  {
    name: 'the client reaches nothing of server/',
    files: (path) => under(path, 'client/src') && !isTestSupport(path),
    never: (path) => under(path, 'server'),
  },
  {
    name: 'the world recipes reach only the contract and lib',
    files: (path) => under(path, 'server/src/world') && !isTestSupport(path),
    never: (path) => under(path, 'server/src/domains') || under(path, 'server/src/test'),
  },
  {
    name: 'the sandboxes (payment gateway and game provider) reach the casino only over HTTP (no domain)',
    files: (path) => under(path, 'server/src/sandbox') && !isTestSupport(path),
    never: (path) => under(path, 'server/src/domains'),
  },
  {
    name: 'the product (server/, shared/, client/) reaches nothing of scripts/',
    files: (path) => (under(path, 'server') || under(path, 'shared') || under(path, 'client')) && !isTestSupport(path),
    never: (path) => under(path, 'scripts'),
  },
];

/** The file an import names (`to` has no extension), or undefined outside the sources (json, css, assets). */
function fileOf(to: string): string | undefined {
  for (const candidate of [`${to}.ts`, `${to}.tsx`, `${to}/index.ts`, `${to}/index.tsx`, `${to}.mjs`])
    if (existsSync(join(ROOT, candidate))) return candidate;
  return undefined;
}

/** Every file `start` depends on, directly or through others, with one path of imports to each. */
function reachFrom(
  start: string,
  importsOfFile: (file: string) => Import[],
  resolve: (to: string) => string | undefined = fileOf,
): Map<string, string[]> {
  const paths = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    for (const { to } of importsOfFile(file)) {
      const next = resolve(to);
      if (!next || paths.has(next)) continue;
      paths.set(next, [...(paths.get(file) as string[]), next]);
      queue.push(next);
    }
  }
  return paths;
}

describe('import rules', () => {
  it('no source file of server/, shared/ or client/ breaks one', () => {
    const violations: string[] = [];
    const files = [...sourceFiles('server/src'), ...sourceFiles('shared'), ...sourceFiles('client/src')];
    for (const file of files) {
      for (const imported of importsOf(file, readFileSync(join(ROOT, file), 'utf8'))) {
        for (const rule of brokenRules(imported))
          violations.push(`${file}:${imported.line} -> ${imported.to}: ${rule}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('no layer of server/, shared/, client/ or scripts/ reaches what it must not, through any chain of imports', () => {
    const cache = new Map<string, Import[]>();
    const importsOfFile = (file: string) => {
      let found = cache.get(file);
      if (!found) {
        found = importsOf(file, readFileSync(join(ROOT, file), 'utf8'));
        cache.set(file, found);
      }
      return found;
    };
    const files = [
      ...sourceFiles('server'),
      ...sourceFiles('shared'),
      ...sourceFiles('client/src'),
      ...sourceFiles('scripts'),
    ];
    const violations: string[] = [];
    for (const layer of CLOSED_LAYERS) {
      for (const file of files.filter(layer.files)) {
        for (const [reached, path] of reachFrom(file, importsOfFile)) {
          if (layer.never(reached)) violations.push(`${layer.name}: ${path.join(' -> ')}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('follows a chain of imports (the transitive check itself)', () => {
    const graph: Record<string, string> = {
      'server/src/plugins/x.ts': "import { a } from '../lib/y';",
      'server/src/lib/y.ts': "import type { B } from '../domains/user/service';",
      'server/src/domains/user/service.ts': '',
    };
    const reached = reachFrom(
      'server/src/plugins/x.ts',
      (file) => importsOf(file, graph[file] ?? ''),
      (to) => (`${to}.ts` in graph ? `${to}.ts` : undefined),
    );
    expect(reached.get('server/src/domains/user/service.ts')).toEqual([
      'server/src/plugins/x.ts',
      'server/src/lib/y.ts',
      'server/src/domains/user/service.ts',
    ]);
    const framework = CLOSED_LAYERS[0];
    expect(framework?.files('server/src/plugins/x.ts')).toBe(true);
    expect(framework?.never('server/src/domains/user/service.ts')).toBe(true);
    // Both sandboxes are outside parties: neither the payment gateway nor the provider reaches a domain.
    const sandboxes = CLOSED_LAYERS.find((layer) => layer.name.startsWith('the sandboxes'));
    expect(sandboxes?.files('server/src/sandbox/payment.ts')).toBe(true);
    expect(sandboxes?.files('server/src/sandbox/provider/engine.ts')).toBe(true);
    expect(sandboxes?.files('server/src/sandbox/provider/provider.test.ts')).toBe(false);
    expect(sandboxes?.never('server/src/domains/deposit/service.ts')).toBe(true);
    // On the real tree: the app reaches the ledger's repo through its service only.
    const real = reachFrom('server/src/app.ts', (file) => importsOf(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(real.get('server/src/domains/ledger/repo.ts')?.at(-2)).toBe('server/src/domains/ledger/service.ts');
  });

  it('catches an upward or sideways import (the rules themselves)', () => {
    const check = (from: string, text: string) => importsOf(from, text).flatMap(brokenRules);
    expect(check('server/src/plugins/x.ts', "import { a } from '../domains/user/service';")).toHaveLength(1);
    expect(check('server/src/lib/x.ts', "import type { A } from '../domains/ledger/service';")).toHaveLength(1);
    expect(check('server/src/domains/kyc/service.ts', "import { r } from '../user/repo';")).toHaveLength(1);
    expect(check('server/src/domains/game/x.ts', "import { r } from '../play/catalog.repo';")).toHaveLength(1);
    expect(check('shared/contract/x.ts', "import { s } from '../../server/src/app';")).toHaveLength(1);
    expect(check('client/src/lib/x.ts', "import { f } from '../features/user/store';")).toHaveLength(1);
    expect(check('client/src/features/vip/x.tsx', "const m = import('../../pages/vip/page');")).toHaveLength(1);
    expect(check('client/src/features/vip/x.ts', "import { s } from '../wallet/store';")).toHaveLength(1);
    expect(check('client/src/pages/vip/x.tsx', "export { a } from '../../app/paths';")).toHaveLength(1);
    expect(
      check('server/src/domains/tooling/scenarios/kit.ts', "import { a } from '../../../test/world';"),
    ).toHaveLength(1);
    expect(check('server/src/world/x.ts', "import { a } from '../domains/user/service';")).toHaveLength(1);
    expect(check('server/src/domains/ledger/routes.ts', "import type { A } from './repo';")).toHaveLength(1);
    // allowed: down the layers, inside a domain or feature, another domain's service
    expect(check('server/src/domains/kyc/service.ts', "import type { UserService } from '../user/service';")).toEqual(
      [],
    );
    expect(check('server/src/domains/kyc/routes.ts', "import { r } from './repo';")).toEqual([]);
    expect(check('server/src/domains/ledger/service.ts', "import { r } from './repo';")).toEqual([]);
    expect(check('client/src/pages/vip/x.tsx', "import { a } from '../../features/vip/api';")).toEqual([]);
    expect(check('client/src/app/x.tsx', "import { a } from '../pages/vip/page';")).toEqual([]);
    expect(check('server/src/test/money.ts', "import { a } from '../world/recipes';")).toEqual([]);
    expect(check('server/src/domains/tooling/scenarios/kit.ts', "import { a } from '../../../world/recipes';")).toEqual(
      [],
    );
    expect(check('server/src/domains/tooling/test-kit.ts', "import { a } from '../../test/helpers';")).toEqual([]);
  });
});
