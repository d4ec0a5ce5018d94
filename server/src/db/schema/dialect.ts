import type { ColumnDefinitionBuilder, CreateIndexBuilder, CreateTableBuilder } from 'kysely';
import { builders, type Engine, sql } from '../builder';

/**
 * What a schema module writes with, for one engine: Kysely's schema builder, and the few column types and
 * table options that differ between SQLite and PostgreSQL, each said once here (docs/deployment.md, "One
 * schema, two engines"). Every statement is compiled to the engine's text; nothing runs here.
 */
/** A column's type as the builder takes it (Kysely does not export its own name for it). */
type DataTypeExpression = Parameters<CreateTableBuilder<string>['addColumn']>[1];

export function dialect(engine: Engine) {
  const schema = builders[engine].schema;
  const sqlite = engine === 'sqlite';
  /** An integer: SQLite's INTEGER (64-bit in a STRICT table), PostgreSQL's BIGINT (money is centavos). */
  const integer: DataTypeExpression = sqlite ? 'integer' : 'bigint';
  /** A floating-point number: SQLite's REAL, PostgreSQL's DOUBLE PRECISION (both 8 bytes). */
  const real: DataTypeExpression = sqlite ? 'real' : 'double precision';
  const text: DataTypeExpression = 'text';
  return {
    engine,
    integer,
    real,
    text,
    /**
     * A table, STRICT on SQLite (and WITHOUT ROWID where asked: a table keyed by its primary key only);
     * PostgreSQL's columns are typed anyway and every table is a heap.
     */
    table(
      name: string,
      build: (t: CreateTableBuilder<string, never>) => CreateTableBuilder<string, string>,
      options: { withoutRowid?: boolean } = {},
    ): string {
      const t = build(schema.createTable(name));
      const end = options.withoutRowid ? sql`strict, without rowid` : sql`strict`;
      return (sqlite ? t.modifyEnd(end) : t).compile().sql;
    },
    /** An index on `table` (chain `.columns`, `.expression`, `.unique()`, `.where`, then `.compile().sql`). */
    index: (name: string, table: string): CreateIndexBuilder => schema.createIndex(name).on(table),
    /**
     * A row id its table gives: SQLite's INTEGER PRIMARY KEY (the rowid: the largest id plus one, so the id of
     * a deleted last row may come again), PostgreSQL's identity.
     */
    id: (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
      sqlite ? c.primaryKey() : c.generatedByDefaultAsIdentity().primaryKey(),
    /** A row id never given twice: SQLite's INTEGER PRIMARY KEY AUTOINCREMENT, PostgreSQL's identity. */
    autoincrementId: (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
      sqlite ? c.primaryKey().autoIncrement() : c.generatedByDefaultAsIdentity().primaryKey(),
    /**
     * A case-insensitive unique key. SQLite: UNIQUE COLLATE NOCASE on the column. PostgreSQL has no NOCASE
     * collation: nothing on the column; the unique index on lower(column), which both engines have beside it
     * (the queries compare lower(column) = lower(?)), keeps it unique.
     */
    uniqueNocase: (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
      sqlite ? c.unique().modifyEnd(sql`collate NOCASE`) : c,
    /** Statements written per engine where the builder cannot say them (triggers): this engine's. */
    perEngine: (statements: Record<Engine, string[]>): string[] => statements[engine],
  };
}

export type Dialect = ReturnType<typeof dialect>;
