import type { FastifyBaseLogger } from 'fastify';
import type { Broker } from '../../plugins/broker';
import type { FrameLog, LogFilter, RequestLog, RequestLogStore } from './request-log';

/** The broker channels on which processes ask each other for their part of the log (docs/deployment.md). */
const FIND_CHANNEL = 'requests.find';
const CLEAR_CHANNEL = 'requests.clear';
/** How long a reader waits for the other processes' parts; a process that is slower is left out, and said so. */
const ASK_TIMEOUT_MS = 2_000;

type ProcessRequest = RequestLog & { process: string };
type ProcessFrame = FrameLog & { process: string };

interface ClusterFound {
  requests: ProcessRequest[];
  frames: ProcessFrame[];
  processes: { answered: number; silent: number };
}

/** Newest first (ISO times compare as text); one process's entries of one instant keep their order. */
const newestFirst = (a: { at: string }, b: { at: string }) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0);

/**
 * The request log of the whole cluster. Each process keeps its own requests (recording costs each request
 * nothing shared); a reader's process asks the others through the broker for the entries matching the
 * filter, and merges them, newest first, to the filter's limit. With the memory broker (one process) there
 * is nobody to ask and this is the process's own log.
 */
export function createClusterLog(deps: {
  log: RequestLogStore;
  broker: Broker;
  processName: string;
  logger: FastifyBaseLogger;
}) {
  const { log, broker, processName } = deps;

  const ownPart = (filter: LogFilter) => {
    const found = log.find(filter);
    return {
      requests: found.requests.map((r) => ({ ...r, process: processName })),
      frames: found.frames.map((f) => ({ ...f, process: processName })),
    };
  };
  broker.answer(FIND_CHANNEL, (filter) => ownPart(filter as LogFilter));
  broker.answer(CLEAR_CHANNEL, () => {
    log.clear();
    return processName;
  });

  const warnSilent = (silent: number, what: string) => {
    if (silent > 0) deps.logger.warn({ silent }, `request log: ${silent} process(es) did not answer ${what} in time`);
  };

  return {
    async find(filter: LogFilter): Promise<ClusterFound> {
      const own = ownPart(filter);
      const { answers, silent } = await broker.ask(FIND_CHANNEL, filter, ASK_TIMEOUT_MS);
      warnSilent(silent, 'a read');
      const parts = [own, ...(answers as (typeof own)[])];
      return {
        requests: parts
          .flatMap((p) => p.requests)
          .sort(newestFirst)
          .slice(0, filter.limit),
        frames: parts
          .flatMap((p) => p.frames)
          .sort(newestFirst)
          .slice(0, filter.limit),
        processes: { answered: parts.length, silent },
      };
    },

    /** Empties every process's log; done once each has (or the time is out). */
    async clear(): Promise<void> {
      log.clear();
      const { silent } = await broker.ask(CLEAR_CHANNEL, null, ASK_TIMEOUT_MS);
      warnSilent(silent, 'a clear');
    },
  };
}

export type ClusterLog = ReturnType<typeof createClusterLog>;
