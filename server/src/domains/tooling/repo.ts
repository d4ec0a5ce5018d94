import { param, prepareQuery } from '../../db/builder';
import type { Db } from '../../db/database';

/** Tooling's SQL outside snapshots: notes in app_state. */
export function createToolingRepo(db: Db) {
  const note = prepareQuery(db, (b) =>
    b.selectFrom('app_state').select('value').where('key', '=', param<string>('key')),
  );
  const setNote = prepareQuery(db, (b) =>
    b
      .insertInto('app_state')
      .values({ key: param<string>('key'), value: param<string>('value') })
      .onConflict((c) => c.column('key').doUpdateSet((u) => ({ value: u.ref('excluded.value') }))),
  );
  return {
    note: async (key: string) => (await note.get({ key }))?.value,
    setNote: (key: string, value: string) => setNote.run({ key, value }),
  };
}

export type ToolingRepo = ReturnType<typeof createToolingRepo>;
