import type { FastifyInstance } from 'fastify';
import { backofficePage } from './backoffice-page';
import { clockOpsRoutes } from './clock-routes';
import { type ClusterLog, createClusterLog } from './cluster-log';
import { devRoutes } from './dev-routes';
import { createFaults, type Faults } from './faults';
import { createHarReplay } from './har-replay';
import { installFaultHooks, installRequestLogHooks, installStubHooks, scopedRequest } from './hooks';
import { createToolingRepo } from './repo';
import { createRequestLog } from './request-log';
import { toolingRoutes } from './routes';
import { createScenarioRunner } from './runner';
import { createSnapshotRepo } from './snapshot.repo';
import { createSnapshots } from './snapshots';
import { stubRoutes } from './stub-routes';
import { createStubs, readStubsFile, type Stubs } from './stubs';
import { createToolingState, toolingStateFiles } from './tooling-state';

/** The broker key and channel of the cluster's faults (docs/deployment.md). */
const FAULTS_KEY = 'faults';
/** The broker key and channel of the cluster's stubs, shared as faults are. */
const STUBS_KEY = 'stubs';
/** The broker channel on which a process announces it swapped the shared data (docs/deployment.md). */
const RESTORED_CHANNEL = 'db.restored';

declare module 'fastify' {
  interface AppServices {
    tooling: Tooling;
  }
}

/**
 * Tester tooling: faults, the request log, snapshots and scenarios, and their routes under /ops (only
 * with OPS_ENABLED) plus the dev panel's (only in development mode); the request log and the route faults
 * exist wherever /ops does (nothing else can read or set them). The clock routes only move the clock:
 * the Manila day change is the clock's own (plugins/clock.ts).
 */
export function register(app: FastifyInstance) {
  const repo = createToolingRepo(app.db);
  const logOn = app.config.opsEnabled && app.config.requestLog;
  const kept = createToolingState({
    files: app.config.opsEnabled ? toolingStateFiles(app.config.dbFile) : null,
    log: app.log,
    faults: () => faults,
    stubs: () => stubs,
    requestLog: () => (logOn ? requestLog : null),
  });
  const { broker } = app.cluster;
  const faults = createFaults({
    clock: app.clock,
    changed: () => {
      kept.stateChanged();
      shareFaults();
    },
  });
  // Faults are the cluster's: every change (one set, cleared, or a one-shot taken) is published whole and
  // kept under the broker key `faults`; the other processes load it (last change wins).
  const shareFaults = () => {
    const state = faults.state();
    broker.publish(FAULTS_KEY, state);
    broker
      .set(FAULTS_KEY, JSON.stringify(state))
      .catch((err) => app.log.error({ err }, 'tooling: could not share the faults'));
  };
  broker.subscribe(FAULTS_KEY, (state) => faults.load(state as ReturnType<Faults['state']>));
  const stubs = createStubs({
    clock: app.clock,
    changed: () => {
      kept.stateChanged();
      const state = stubs.shared();
      broker.publish(STUBS_KEY, state);
      broker
        .set(STUBS_KEY, JSON.stringify(state))
        .catch((err) => app.log.error({ err }, 'tooling: could not share the stubs'));
    },
  });
  broker.subscribe(STUBS_KEY, (state) => stubs.load(state as ReturnType<Stubs['shared']>));
  const requestLog = createRequestLog({ changed: kept.logChanged });

  /** What every process does once the data was swapped: nothing in memory may still describe the old world. */
  const forget = (source: 'snapshot' | 'scenario', name: string) => {
    app.socket.reset();
    app.events.emit('db.restored', { source, name });
  };
  /**
   * After this process swapped the data (restore, reset, scenario): it forgets in place, and tells the
   * cluster, whose processes share the database (PostgreSQL) and must forget too: their sockets close,
   * their caches (sessions, the catalog's, uids) empty. The limiter's windows are shared (its store): one
   * clear empties them for all. Not awaited (`swapped` is a plain callback): in Redis it is done a moment later.
   */
  const swapped = (source: 'snapshot' | 'scenario', name: string) => {
    app.limiter.clear().catch((err: unknown) => app.log.error({ err }, 'the rate limits could not be cleared'));
    forget(source, name);
    broker.publish(RESTORED_CHANNEL, { source, name });
  };
  broker.subscribe(RESTORED_CHANNEL, (message) => {
    const { source, name } = message as { source: 'snapshot' | 'scenario'; name: string };
    forget(source, name);
  });
  const snapshots = createSnapshots({
    db: app.db,
    dbFile: app.config.dbFile,
    dir: app.config.snapshotDir,
    clock: app.clock,
    repo: createSnapshotRepo(app.db),
    swapped,
    seed: app.seed,
  });
  const scenarios = createScenarioRunner({ app, snapshots, repo, swapped });

  // A player's uid never changes for their id until the data is swapped: remembered, so the request log's
  // hook on every socket push does not read the user row each time.
  const uids = new Map<number, number | null>();
  app.events.on('db.restored', () => uids.clear());
  const uidOf = async (userId: number) => {
    let uid = uids.get(userId);
    if (uid === undefined) {
      uid = (await app.services.users.byId(userId))?.uid ?? null;
      if (uid !== null) uids.set(userId, uid);
    }
    return uid;
  };
  /**
   * Runs `use` with the player's uid: at once when it is remembered (a socket watcher then acts within the
   * push or the connection, as before), else once the user row is read; a failure is logged, never thrown.
   */
  const withUid = (userId: number, use: (uid: number | null) => void) => {
    const known = uids.get(userId);
    if (known !== undefined) return use(known);
    uidOf(userId)
      .then(use)
      .catch((err: unknown) => app.log.error({ err, userId }, 'tooling: the uid of a socket event could not be read'));
  };

  const tooling = {
    faults,
    stubs,
    requestLog,
    clusterLog: createClusterLog({
      log: requestLog,
      broker,
      processName: app.config.processName,
      logger: app.log,
    }),
    snapshots,
    scenarios,
    replay: createHarReplay({ app, scenarios }),
    /** What the tester was told at start-up about the last run's faults, callbacks and log. */
    startup: [] as string[],
  };
  Object.assign(app.services, { tooling });

  // The log is read and faults are set only through /ops: without it, recording would cost every
  // request for nothing. A live deployment keeps /ops for its operators but turns the log off.
  app.decorateRequest('tooling', null);
  // TESTER_TOOLS=off: no fault or stub acts, whatever the state file, STUBS_FILE or the cluster still hold
  // (a live server must answer for real even if a tester's leftovers came along).
  const testerTools = app.config.opsEnabled && app.config.testerTools;
  if (testerTools) {
    installFaultHooks(app, faults);
    installStubHooks(app, stubs);
  }
  if (app.config.opsEnabled && app.config.requestLog) {
    installRequestLogHooks(app, requestLog);
    // The frame is logged at once, where and in the order it was pushed; a uid not remembered yet is
    // filled in once the user row is read.
    app.socket.onPush((userId, frame) => {
      const known = uids.get(userId);
      const entry = requestLog.frame(userId, known ?? null, frame, new Date().toISOString(), scopedRequest());
      if (known === undefined)
        withUid(userId, (uid) => {
          entry.uid = uid;
        });
    });
  }
  // socket.delay and socket.loss: the player's uid is remembered from their connection (onConnect below).
  app.socket.shapeFrames((userId) =>
    testerTools && faults.anyFrameFault() ? faults.forFrame(uids.get(userId) ?? null) : undefined,
  );
  app.socket.onConnect((userId, drop) =>
    withUid(userId, (uid) => {
      if (testerTools && faults.takeSocketDrop(uid)) drop();
    }),
  );
  app.services.withdrawals.interceptPayouts(async (order) => {
    if (!testerTools) return undefined;
    const fault = faults.take('payout', await uidOf(order.user_id));
    if (fault?.kind === 'payout.fail') return 'failed';
    if (fault?.kind === 'payout.exception') return 'exception';
    return undefined;
  });
  app.services.poker.interceptDraws(async (userId) =>
    testerTools ? (faults.take('poker', await uidOf(userId))?.card ?? undefined) : undefined,
  );

  // What the last run left (faults, stubs, the request log), and what it lost: told at start-up.
  const told = kept.load();
  for (const line of told) app.log[line.startsWith('lost') ? 'warn' : 'info'](`tooling: ${line}`);
  tooling.startup = told;
  // STUBS_FILE: read afresh at every start (a refused stub stops it), after the stubs kept from the last run.
  if (testerTools && app.config.stubsFile) {
    const fromFile = readStubsFile(app.config.stubsFile);
    for (const body of fromFile) stubs.add({ ...body, source: 'file' });
    app.log.info(`tooling: ${fromFile.length} stub(s) loaded from ${app.config.stubsFile}`);
    tooling.startup.push(`loaded: ${fromFile.length} stub(s) from ${app.config.stubsFile}`);
  }
  // A process joining a cluster takes the faults the others have (they win over its own file).
  app.addHook('onReady', async () => {
    const shared = await broker.get(FAULTS_KEY);
    if (shared) faults.load(JSON.parse(shared) as ReturnType<Faults['state']>);
    const sharedStubs = await broker.get(STUBS_KEY);
    if (sharedStubs) stubs.load(JSON.parse(sharedStubs) as ReturnType<Stubs['shared']>);
  });

  app.addHook('onClose', async () => {
    await kept.close();
    snapshots.close();
  });

  if (app.config.opsEnabled) {
    toolingRoutes(app, tooling);
    stubRoutes(app, tooling);
    clockOpsRoutes(app);
    backofficePage(app);
    // The dev panel moves the clock and loads scenarios: a tester tool, gone with TESTER_TOOLS=off.
    if (app.config.mode === 'development' && app.config.testerTools) devRoutes(app, tooling);
  }
}

export type Tooling = {
  faults: ReturnType<typeof createFaults>;
  stubs: Stubs;
  requestLog: ReturnType<typeof createRequestLog>;
  /** The request log of every process (asked through the broker); requestLog is this process's part. */
  clusterLog: ClusterLog;
  snapshots: ReturnType<typeof createSnapshots>;
  scenarios: ReturnType<typeof createScenarioRunner>;
  replay: ReturnType<typeof createHarReplay>;
  startup: string[];
};
