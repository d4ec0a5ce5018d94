import {
  type Compilable,
  DummyDriver,
  type Expression,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import type { Db, RunResult, Statement } from '../port';
import type { DB } from './tables';

/**
 * Queries written once with Kysely (typed tables, both dialects) and compiled once, when the repo that
 * holds them is made: each request only binds fresh values to a prepared statement. Building and compiling
 * a Kysely query per request costs more than half the throughput of a money write (measured in issue 27),
 * so Kysely here only compiles; the `Db` port runs the text (`prepare`).
 *
 * A value that changes per call is a named `param`; any other value in the query is a constant bound the
 * same way on every call.
 */
export type Builder = Kysely<DB>;
/** A column's type as a row holds it (a status's union of values): `param<ColumnOf<'users', 'status'>>('status')`. */
export type ColumnOf<T extends keyof DB, C extends keyof Selectable<DB[T]>> = Selectable<DB[T]>[C];
export type Engine = Db['engine'];

export { sql };

function compileOnly(engine: Engine): Builder {
  const sqlite = engine === 'sqlite';
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => (sqlite ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (sqlite ? new SqliteIntrospector(db) : new PostgresIntrospector(db)),
      createQueryCompiler: () => (sqlite ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
    },
  });
}

export const builders: Record<Engine, Builder> = { sqlite: compileOnly('sqlite'), postgres: compileOnly('postgres') };

/** The place of a value given per call, by name, in a compiled query's parameters. */
class Param {
  constructor(
    readonly name: string,
    readonly encode?: (value: unknown) => unknown,
  ) {}
}

/**
 * Runs a statement written as a `sql` template with its values in place, compiled on every call: for tests,
 * scripts and tooling only, never on a request's path (prepare it once there).
 */
export const adHoc = <Row>(db: Db, statement: RawBuilder<Row>): Query<Row> => prepareQuery(db, () => statement);

/** A value given on each call as `params[name]`, typed as the column or expression it stands for. */
export const param = <T>(name: string): RawBuilder<T> => sql<T>`${new Param(name)}`;

/**
 * The few places where the two dialects differ, each written once here (test a new one in cases.ts).
 */

/** A per-call value PostgreSQL cannot type from where it stands (`x IS NULL`, a select list): cast there. */
export const typedParam = <T>(engine: Engine, name: string, pgType: 'text' | 'bigint' | 'integer'): RawBuilder<T> =>
  engine === 'postgres' ? sql<T>`cast(${new Param(name)} as ${sql.raw(pgType)})` : param<T>(name);

/** A per-call array of values: `column` is one of them (SQLite: a JSON array read by json_each). */
export function oneOf(engine: Engine, column: string, name: string, pgType: 'text' | 'bigint'): RawBuilder<SqlBool> {
  if (engine === 'postgres')
    return sql<SqlBool>`${sql.ref(column)} = any(cast(${new Param(name)} as ${sql.raw(pgType)}[]))`;
  return sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${new Param(name, (v) => JSON.stringify(v))}))`;
}

/** SQLite's LIKE ignores the case of ASCII letters; PostgreSQL's is ILIKE. */
export const likeCaseless = (engine: Engine): 'like' | 'ilike' => (engine === 'postgres' ? 'ilike' : 'like');

/** The larger of two values (SQLite's two-argument max, PostgreSQL's GREATEST). */
export const greatest = <T>(engine: Engine, a: Expression<T>, b: Expression<T>): RawBuilder<T> =>
  engine === 'postgres' ? sql<T>`greatest(${a}, ${b})` : sql<T>`max(${a}, ${b})`;

/** The smaller of two values (SQLite's two-argument min, PostgreSQL's LEAST). */
export const least = <T>(engine: Engine, a: Expression<T>, b: Expression<T>): RawBuilder<T> =>
  engine === 'postgres' ? sql<T>`least(${a}, ${b})` : sql<T>`min(${a}, ${b})`;

/** A sum that is 0, not NULL, over no rows (SQLite's total(), written for both). */
export const total = (column: string | Expression<number>): RawBuilder<number> =>
  sql<number>`coalesce(sum(${typeof column === 'string' ? sql.ref(column) : column}), 0)`;

/** Where `part` first stands in `text` (from 1; 0 when absent; case-sensitive): SQLite's instr, PostgreSQL's strpos. */
export const position = (
  engine: Engine,
  text: Expression<string>,
  part: Expression<string | null>,
): RawBuilder<number> =>
  engine === 'postgres' ? sql<number>`strpos(${text}, ${part})` : sql<number>`instr(${text}, ${part})`;

export type Params = Record<string, unknown>;

const isRaw = <Row>(query: Compilable<Row> | RawBuilder<Row>): query is RawBuilder<Row> =>
  (query as RawBuilder<Row>).isRawBuilder === true;

export interface Query<Row> {
  get(params?: Params): Promise<Row | undefined>;
  all(params?: Params): Promise<Row[]>;
  run(params?: Params): Promise<RunResult>;
  /** The text as compiled for this database's engine (tests, debugging). */
  readonly sql: string;
}

/**
 * Compiles `build`'s query (a Kysely query, or a whole statement as a `sql` template) for `db`'s engine now
 * and answers it prepared. `build` gets the engine too, for the rare query that must be written per dialect
 * (say so beside it, and test it on both).
 */
export function prepareQuery<Row>(
  db: Db,
  build: (b: Builder, engine: Engine) => Compilable<Row> | RawBuilder<Row>,
): Query<Row> {
  const builder = builders[db.engine];
  const query = build(builder, db.engine);
  const compiled = isRaw(query) ? query.compile(builder) : query.compile();
  const slots = compiled.parameters;
  const statement: Statement<unknown[], Row> = db.prepare<unknown[], Row>(compiled.sql);
  const values = (params: Params = {}): unknown[] =>
    slots.map((slot) => {
      if (!(slot instanceof Param)) return slot;
      if (!(slot.name in params)) throw new RangeError(`Missing query parameter "${slot.name}"`);
      return slot.encode ? slot.encode(params[slot.name]) : params[slot.name];
    });
  return {
    get: (params) => statement.get(...values(params)),
    all: (params) => statement.all(...values(params)),
    run: (params) => statement.run(...values(params)),
    sql: compiled.sql,
  };
}
