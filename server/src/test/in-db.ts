import { adHoc, sql } from '../db/builder';
import type { Db, RunResult } from '../db/port';

type Row = Record<string, unknown>;

/**
 * A test's own statements (set-up and checks), written once for both engines as tagged templates whose
 * values are bound as parameters: `await inDb(app.db).value<number>\`SELECT balance FROM accounts WHERE
 * user_id = ${id}\``. The text must be valid SQL on SQLite and PostgreSQL alike (nothing translates it);
 * `sql.ref`, `sql.id`, `sql.raw` and `sql.join` from db/builder may be interpolated. Compiled per call:
 * tests only.
 */
export function inDb(db: Db) {
  const query = <R>(strings: TemplateStringsArray, values: unknown[]) => adHoc<R>(db, sql<R>(strings, ...values));
  return {
    get: <R = Row>(strings: TemplateStringsArray, ...values: unknown[]): Promise<R | undefined> =>
      query<R>(strings, values).get(),
    all: <R = Row>(strings: TemplateStringsArray, ...values: unknown[]): Promise<R[]> =>
      query<R>(strings, values).all(),
    run: (strings: TemplateStringsArray, ...values: unknown[]): Promise<RunResult> => query(strings, values).run(),
    /** The first column of the first row (undefined when there is no row). */
    value: async <T = unknown>(strings: TemplateStringsArray, ...values: unknown[]): Promise<T | undefined> => {
      const row = await query<Row>(strings, values).get();
      return row === undefined ? undefined : (Object.values(row)[0] as T);
    },
    /** The first column of every row. */
    column: async <T = unknown>(strings: TemplateStringsArray, ...values: unknown[]): Promise<T[]> =>
      (await query<Row>(strings, values).all()).map((row) => Object.values(row)[0] as T),
  };
}
