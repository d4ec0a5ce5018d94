import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../database';
import { serialize } from '../serial';
import { describeCompiledQueries } from './cases';
import { TABLE_TYPES_FILE, tableTypes } from './table-types';

describeCompiledQueries(
  'SQLite',
  async () => {
    const sync = new Database(':memory:');
    migrate(sync);
    return serialize(sync);
  },
  (db) => db.close(),
);

describe('the tables’ types', () => {
  it('are those kysely-codegen reads from the migrations (npm run db:types after adding one)', async () => {
    expect(readFileSync(TABLE_TYPES_FILE, 'utf8'), 'server/src/db/builder/tables.ts (npm run db:types)').toBe(
      await tableTypes(),
    );
  });
});
