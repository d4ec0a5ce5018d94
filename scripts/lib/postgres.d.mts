export interface LocalPostgres {
  /** The url of the server's `postgres` database (unix socket in `dir`). */
  url: string;
  dir: string;
  port: number;
  bin: string;
  urlOf(name: string): string;
  psql(sql: string, name?: string): string;
  createDatabase(name: string): string;
  stop(): Promise<void>;
}
export function findPostgresBin(): string | undefined;
export function ensurePostgresBin(): string;
export function startPostgres(options: { dir: string; port: number; fast?: boolean }): Promise<LocalPostgres>;
