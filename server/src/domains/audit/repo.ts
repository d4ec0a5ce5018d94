import type { Db } from '../../db/database';

export interface AuditRow {
  id: number;
  at: string;
  operator: string;
  method: string;
  route: string;
  path: string;
  target: string;
  request: string;
  before: string | null;
  after: string | null;
  status: number;
  code: number;
}

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
  const insert = db.prepare(
    `INSERT INTO ops_audit (at, operator, method, route, path, target, request, before, after, status, code)
     VALUES (@at, @operator, @method, @route, @path, @target, @request, @before, @after, @status, @code)
     RETURNING id`,
  );
  const WHERE = `WHERE (operator = @operator OR @operator IS NULL)
       AND (instr(route, @route) > 0 OR instr(path, @route) > 0 OR @route IS NULL)
       AND (target = @target OR @target IS NULL)
       AND ((@failed = 1 AND code <> 0) OR (@failed = 0 AND code = 0) OR @failed IS NULL)`;
  const page = db.prepare(`SELECT * FROM ops_audit ${WHERE} ORDER BY id DESC LIMIT @limit OFFSET @offset`);
  const count = db.prepare(`SELECT COUNT(*) FROM ops_audit ${WHERE}`).pluck();

  return {
    add: async (row: NewAuditRow) => ((await insert.get(row)) as { id: number }).id,
    async page(f: AuditFilter) {
      const params = { ...f, failed: f.failed === null ? null : f.failed ? 1 : 0 };
      return { rows: (await page.all(params)) as AuditRow[], total: (await count.get(params)) as number };
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
