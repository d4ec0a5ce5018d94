import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../port';
import { adHoc, greatest, least, likeCaseless, oneOf, param, position, prepareQuery, sql, total, typedParam } from '.';

/**
 * What the compiled queries must do alike on every engine: run by builder.test.ts on SQLite and by
 * builder.pg.test.ts on PostgreSQL, each on a database migrated with the product's schema.
 */
export function describeCompiledQueries(engine: string, open: () => Promise<Db>, close: (db: Db) => Promise<void>) {
  describe(`queries compiled once by the builder (${engine})`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await open();
    });
    afterAll(() => close(db));

    it('binds fresh values on every call, the same named value wherever it stands', async () => {
      const upsert = prepareQuery(db, (b) =>
        b
          .insertInto('app_state')
          .values({ key: param<string>('key'), value: param<string>('value') })
          .onConflict((c) => c.column('key').doUpdateSet({ value: param<string>('value') })),
      );
      const read = prepareQuery(db, (b) =>
        b.selectFrom('app_state').select(['key', 'value as stored']).where('key', '=', param<string>('key')),
      );
      expect((await upsert.run({ key: 'builder.a', value: 'one' })).changes).toBe(1);
      await upsert.run({ key: 'builder.b', value: 'two' });
      await upsert.run({ key: 'builder.a', value: 'three' });
      expect(await read.get({ key: 'builder.a' })).toEqual({ key: 'builder.a', stored: 'three' });
      expect(await read.get({ key: 'builder.b' })).toEqual({ key: 'builder.b', stored: 'two' });
      expect(await read.get({ key: 'builder.none' })).toBeUndefined();
    });

    it('keeps constants of the query and answers rows in a camelCase alias, numbers as numbers', async () => {
      const count = prepareQuery(db, (b) =>
        b
          .selectFrom('app_state')
          .select((e) => e.fn.countAll<number>().as('rowCount'))
          .where('key', 'like', 'builder.%')
          .where('value', '!=', param<string>('not')),
      );
      expect(await count.get({ not: 'nothing' })).toEqual({ rowCount: 2 });
      expect(await count.get({ not: 'two' })).toEqual({ rowCount: 1 });
    });

    it('runs a statement written as a sql template, its values bound where they stand', async () => {
      const key = 'builder.b';
      const row = await adHoc(db, sql<{ value: string }>`SELECT value FROM app_state WHERE key = ${key}`).get();
      expect(row).toEqual({ value: 'two' });
      const none = await adHoc(db, sql`SELECT value FROM app_state WHERE key = ${"it's not there"}`).all();
      expect(none).toEqual([]);
    });

    it('refuses a call that leaves a named value out, before the database sees it', async () => {
      const read = prepareQuery(db, (b) =>
        b.selectFrom('app_state').select('value').where('key', '=', param<string>('key')),
      );
      expect(() => read.get({})).toThrow(/Missing query parameter "key"/);
    });

    it('speaks each dialect where they differ: caseless LIKE, lists, a value tested for NULL, greatest, least', async () => {
      const keys = prepareQuery(db, (b, engine) =>
        b
          .selectFrom('app_state')
          .select('key')
          .where((e) =>
            e.or([
              e('key', likeCaseless(engine), param<string>('pattern')),
              oneOf(engine, 'key', 'keys', 'text'),
              e.and([
                e(typedParam<string | null>(engine, 'exact', 'text'), 'is not', null),
                e('key', '=', param<string>('exact')),
              ]),
            ]),
          )
          .orderBy('key'),
      );
      expect(await keys.all({ pattern: 'BUILDER.A', keys: [], exact: null })).toEqual([{ key: 'builder.a' }]);
      expect(await keys.all({ pattern: 'none', keys: ['builder.b', 'x'], exact: null })).toEqual([
        { key: 'builder.b' },
      ]);
      expect(await keys.all({ pattern: 'none', keys: [], exact: 'builder.b' })).toEqual([{ key: 'builder.b' }]);
      const bounds = prepareQuery(db, (b, engine) =>
        b
          .selectFrom('app_state')
          .select([
            greatest(engine, sql<number>`length(key)`, param<number>('at')).as('high'),
            least(engine, sql<number>`length(key)`, param<number>('at')).as('low'),
          ])
          .where('key', '=', 'builder.a'),
      );
      expect(await bounds.get({ at: 3 })).toEqual({ high: 9, low: 3 });
      expect(await bounds.get({ at: 20 })).toEqual({ high: 20, low: 9 });
    });

    it('sums to 0 over no rows and finds a part of a text by case (total, position)', async () => {
      const sums = prepareQuery(db, (b, engine) =>
        b
          .selectFrom('app_state')
          .select([
            total(sql<number>`length(value)`).as('sum'),
            total(position(engine, sql.ref<string>('key'), param<string>('part'))).as('at'),
          ])
          .where('key', 'like', param<string>('keys')),
      );
      expect(await sums.get({ part: 'a', keys: 'none.%' })).toEqual({ sum: 0, at: 0 });
      expect(await sums.get({ part: '.a', keys: 'builder.a' })).toEqual({ sum: 5, at: 8 });
      expect(await sums.get({ part: '.A', keys: 'builder.a' })).toEqual({ sum: 5, at: 0 });
    });

    it('runs inside the caller’s transaction and rolls back with it', async () => {
      const write = prepareQuery(db, (b) =>
        b
          .updateTable('app_state')
          .set({ value: param<string>('value') })
          .where('key', '=', 'builder.b'),
      );
      const read = prepareQuery(db, (b) =>
        b.selectFrom('app_state').select(sql<string>`value`.as('value')).where('key', '=', 'builder.b'),
      );
      await expect(
        db.transaction(async () => {
          await write.run({ value: 'changed' });
          expect(await read.get()).toEqual({ value: 'changed' });
          throw new Error('undo');
        })(),
      ).rejects.toThrow('undo');
      expect(await read.get()).toEqual({ value: 'two' });
    });
  });
}
