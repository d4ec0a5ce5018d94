export interface LocalRedis {
  url: string;
  port: number;
  dir: string;
  stop(): Promise<void>;
}
export function findRedisServer(env?: Record<string, string | undefined>): string;
/** On a free port, or on `port` (a Redis stopped there started again: it comes back empty). */
export function startRedis(options?: { port?: number }): Promise<LocalRedis>;
