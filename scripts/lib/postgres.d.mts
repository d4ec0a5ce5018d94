export interface LocalPostgres {
  /** The url of the server's `postgres` database (unix socket in `dir`). */
  url: string;
  dir: string;
  port: number;
  bin: string;
  urlOf(name: string): string;
  psql(sql: string, name?: string): string;
  createDatabase(name: string): string;
  /** Fast shutdown; the data stays in `dir`. */
  stop(): Promise<void>;
  /** Starts the stopped server again on the same cluster (its data), port and settings. */
  start(): Promise<void>;
}
export function findPostgresBin(): string | undefined;
export function ensurePostgresBin(): string;
export function startPostgres(options: { dir: string; port: number; fast?: boolean }): Promise<LocalPostgres>;
