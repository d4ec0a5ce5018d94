import type { Selectable } from 'kysely';
import { type Builder, type Engine, param, position, prepareQuery, sql, typedParam } from '../../db/builder';
import type { DB } from '../../db/builder/tables';
import type { Db } from '../../db/database';

export type AuditRow = Selectable<DB['ops_audit']>;

export type NewAuditRow = Omit<AuditRow, 'id'>;

export interface AuditFilter {
  operator: string | null;
  route: string | null;
  target: string | null;
  failed: boolean | null;
  limit: number;
  offset: number;
}

/** SQL of the append-only audit table: insert and read, nothing else (the triggers refuse the rest). */
export function createAuditRepo(db: Db) {
  const insert = prepareQuery(db, (b) =>
    b
      .insertInto('ops_audit')
      .values({
        at: param<string>('at'),
        operator: param<string>('operator'),
        method: param<string>('method'),
        route: param<string>('route'),
        path: param<string>('path'),
        target: param<string>('target'),
        request: param<string>('request'),
        before: param<string | null>('before'),
        after: param<string | null>('after'),
        status: param<number>('status'),
        code: param<number>('code'),
      })
      .returning('id'),
  );
  // Each filter is off when its value is null.
  const filtered = (b: Builder, engine: Engine) =>
    b.selectFrom('ops_audit').where((e) => {
      const route = param<string | null>('route');
      const failed = typedParam<number | null>(engine, 'failed', 'integer');
      return e.and([
        e.or([
          e('operator', '=', param<string | null>('operator')),
          e(typedParam<string | null>(engine, 'operator', 'text'), 'is', null),
        ]),
        e.or([
          e(position(engine, sql.ref<string>('route'), route), '>', sql.lit(0)),
          e(position(engine, sql.ref<string>('path'), route), '>', sql.lit(0)),
          e(typedParam<string | null>(engine, 'route', 'text'), 'is', null),
        ]),
        e.or([
          e('target', '=', param<string | null>('target')),
          e(typedParam<string | null>(engine, 'target', 'text'), 'is', null),
        ]),
        e.or([
          e.and([e(failed, '=', sql.lit(1)), e('code', '<>', sql.lit(0))]),
          e.and([e(failed, '=', sql.lit(0)), e('code', '=', sql.lit(0))]),
          e(failed, 'is', null),
        ]),
      ]);
    });
  const page = prepareQuery(db, (b, engine) =>
    filtered(b, engine).selectAll().orderBy('id', 'desc').limit(param<number>('limit')).offset(param<number>('offset')),
  );
  const count = prepareQuery(db, (b, engine) => filtered(b, engine).select((e) => e.fn.countAll<number>().as('n')));

  return {
    // RETURNING answers the row it inserted.
    add: async (row: NewAuditRow) => (await insert.get({ ...row }))!.id,
    async page(f: AuditFilter) {
      const params = { ...f, failed: f.failed === null ? null : f.failed ? 1 : 0 };
      return { rows: await page.all(params), total: (await count.get(params))?.n ?? 0 };
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
