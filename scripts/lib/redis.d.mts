export interface LocalRedis {
  url: string;
  port: number;
  dir: string;
  stop(): Promise<void>;
}
export function findRedisServer(env?: Record<string, string | undefined>): string;
export function startRedis(): Promise<LocalRedis>;
