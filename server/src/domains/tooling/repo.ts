import type { Db } from '../../db/database';

/** Tooling's SQL outside snapshots: notes in app_state. */
export function createToolingRepo(db: Db) {
  const note = db.prepare('SELECT value FROM app_state WHERE key = ?').pluck();
  const setNote = db.prepare(
    'INSERT INTO app_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  return {
    note: (key: string) => note.get(key) as Promise<string | undefined>,
    setNote: (key: string, value: string) => setNote.run(key, value),
  };
}

export type ToolingRepo = ReturnType<typeof createToolingRepo>;
