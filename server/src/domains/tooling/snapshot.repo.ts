import { createHash, createHmac } from 'node:crypto';
import { copyFileSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Db, SyncDb } from '../../db/database';

/** The app_state key a snapshot file describes itself under (snapshots.ts); a restore removes it again. */
export const SNAPSHOT_META_KEY = 'snapshot.meta';

/**
 * Tables a restore (and a scenario load) leaves as they are: the operator audit trail records the restore
 * itself, and survives it; operator accounts and their sessions are the back office's, not test data (the
 * tester who loads a scenario stays signed in).
 */
export const KEPT_ACROSS_RESTORES = new Set(['ops_audit', 'operators', 'operator_sessions']);

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** What the connection holds: its tables, migrations, sequences and columns (run on the connection itself). */
function catalog(sync: SyncDb) {
  return {
    tables: (schema: 'main' | 'snap') =>
      sync
        .prepare(`SELECT name FROM ${schema}.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
        .pluck()
        .all() as string[],
    migrations: (schema: 'main' | 'snap') =>
      (sync.prepare(`SELECT version FROM ${schema}.schema_migrations ORDER BY version`).pluck().all() as number[]).join(
        ',',
      ),
    hasSequence: (schema: 'main' | 'snap') =>
      sync.prepare(`SELECT 1 FROM ${schema}.sqlite_master WHERE name = 'sqlite_sequence'`).get() !== undefined,
    columns: (table: string) =>
      (sync.prepare(`PRAGMA main.table_info(${quote(table)})`).all() as { name: string }[]).map((c) => quote(c.name)),
  };
}

/**
 * SQL for whole-database snapshots: VACUUM INTO to save, and a copy of every table from an attached file
 * to restore, inside one transaction on the same connection. Services keep their prepared statements,
 * because the schema stays the one they were prepared on. The restore runs on the connection itself
 * (`db.exclusive`), in one synchronous block: no other statement comes between the ATTACH and the DETACH.
 */
export function createSnapshotRepo(db: Db) {
  return {
    /** A consistent copy of the whole database in a new file (which must not exist). */
    async saveTo(file: string): Promise<void> {
      await db.prepare('VACUUM INTO ?').run(file);
    },

    /** The applied migrations of the open database, e.g. "1,2,3". */
    migrations: () => db.exclusive((sync) => catalog(sync).migrations('main')),

    /**
     * Replaces every row of every table with the rows of `file`. Refuses (returns false) when the file was
     * saved under other migrations. Triggers are dropped for the copy and created again, so the copy
     * writes exactly the saved rows; foreign keys are checked after it, not row by row.
     */
    async restoreFrom(file: string): Promise<boolean> {
      if (db.inTransaction) throw new Error('restoreFrom must not run inside a transaction');
      return db.exclusive((sync) => {
        const { tables, migrations, hasSequence, columns } = catalog(sync);
        sync.pragma('foreign_keys = OFF');
        sync.prepare('ATTACH DATABASE ? AS snap').run(file);
        try {
          if (migrations('snap') !== migrations('main')) return false;
          sync.transaction(() => {
            const catalogBefore = Number(
              sync.prepare('SELECT version FROM main.game_catalog_version WHERE id = 1').pluck().get() ?? 0,
            );
            const triggers = sync
              .prepare(`SELECT name, sql FROM main.sqlite_master WHERE type = 'trigger' AND sql IS NOT NULL`)
              .all() as { name: string; sql: string }[];
            for (const t of triggers) sync.exec(`DROP TRIGGER main.${quote(t.name)}`);
            const saved = new Set(tables('snap'));
            for (const table of tables('main')) {
              if (KEPT_ACROSS_RESTORES.has(table)) continue;
              sync.exec(`DELETE FROM main.${quote(table)}`);
              if (!saved.has(table)) continue;
              const cols = columns(table).join(', ');
              sync.exec(`INSERT INTO main.${quote(table)} (${cols}) SELECT ${cols} FROM snap.${quote(table)}`);
            }
            if (hasSequence('main')) {
              sync.exec('DELETE FROM main.sqlite_sequence');
              if (hasSequence('snap')) sync.exec('INSERT INTO main.sqlite_sequence SELECT * FROM snap.sqlite_sequence');
            }
            // The file's description of itself (snapshots.ts) is not state of the restored world.
            sync.prepare('DELETE FROM main.app_state WHERE key = ?').run(SNAPSHOT_META_KEY);
            for (const t of triggers) sync.exec(t.sql);
            // A number the in-memory game catalog has never seen, so it reloads whatever the file held.
            sync
              .prepare('UPDATE main.game_catalog_version SET version = max(version, ?) + 1 WHERE id = 1')
              .run(catalogBefore);
            const broken = sync.prepare('PRAGMA main.foreign_key_check').all();
            if (broken.length) throw new Error(`snapshot breaks ${broken.length} foreign keys`);
          })();
          return true;
        } finally {
          sync.exec('DETACH DATABASE snap');
          sync.pragma('foreign_keys = ON');
        }
      });
    },
  };
}

export type SnapshotRepo = ReturnType<typeof createSnapshotRepo>;

/** A 1x1 grey PNG: what every KYC photo becomes in a masked snapshot file. */
const PLACEHOLDER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Masks a snapshot file for download (GET /ops/snapshots/:name/file without full=true; docs/security.md,
 * "Snapshot files"): `source` (a saved snapshot, never changed) is copied to `target` with
 * - KYC ID numbers replaced by a pseudonym ending in the number's last 4 characters, and every KYC photo by
 *   a 1x1 grey PNG (its size and sha256 with it);
 * - phone numbers (players, SMS codes, deposit payers) and e-wallet numbers (bound wallets, withdrawals)
 *   replaced by digit pseudonyms; an e-wallet number keeps its last 4 digits (the payout sandbox reads them);
 *   e-mail addresses emptied;
 * - the operator accounts (password hashes, 2FA secrets), their sessions and the audit trail left out: a
 *   restore keeps the server's own anyway (KEPT_ACROSS_RESTORES).
 * A pseudonym is an HMAC of the value under `key` (random per download, never stored), so two rows of the
 * same number still share one (the risk links by wallet stay), and none can be turned back into the number.
 * Player passwords stay (hashes), so the personas of a restored copy log in. The copy is written by VACUUM
 * INTO, so no page of the file still holds a value it replaced.
 */
export function writeMaskedCopy(source: string, target: string, key: Buffer): void {
  const work = `${target}.work`;
  copyFileSync(source, work);
  const db = new Database(work);
  try {
    db.pragma('foreign_keys = OFF');
    const digits = (value: string, n: number) => {
      const hex = createHmac('sha256', key).update(value).digest('hex');
      return (BigInt(`0x${hex}`) % 10n ** BigInt(n)).toString().padStart(n, '0');
    };
    db.function('mask_phone', { deterministic: true }, (v: unknown) =>
      v === null ? null : `9${digits(String(v), 9)}`,
    );
    db.function('mask_wallet', { deterministic: true }, (v: unknown) =>
      v === null ? null : `9${digits(String(v), 9)}${String(v).slice(-4)}`,
    );
    db.function('mask_id', { deterministic: true }, (v: unknown) =>
      v === null ? null : `MASKED-${digits(String(v), 8)}-${String(v).slice(-4)}`,
    );
    const png = PLACEHOLDER_PNG;
    const triggers = db
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'ops_audit'`)
      .all() as { name: string; sql: string }[];
    db.transaction(() => {
      db.exec(`
        UPDATE kyc_submissions SET id_number = mask_id(id_number);
        UPDATE users SET phone = mask_phone(phone), email = '' WHERE phone IS NOT NULL OR email <> '';
        UPDATE sms_messages SET phone = mask_phone(phone);
        UPDATE deposits SET payer_mobile = mask_phone(payer_mobile) WHERE payer_mobile IS NOT NULL;
        UPDATE user_wallets SET account = mask_wallet(account);
        UPDATE withdrawals SET wallet_account = mask_wallet(wallet_account);
        DELETE FROM operator_sessions;
        DELETE FROM operators;
      `);
      db.prepare(`UPDATE kyc_documents SET bytes = ?, content_type = 'image/png', size = ?, sha256 = ?`).run(
        png,
        png.length,
        createHash('sha256').update(png).digest('hex'),
      );
      for (const t of triggers) db.exec(`DROP TRIGGER ${quote(t.name)}`);
      db.exec('DELETE FROM ops_audit');
      for (const t of triggers) db.exec(t.sql);
      if (db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'`).get() !== undefined)
        db.exec(`DELETE FROM sqlite_sequence WHERE name IN ('ops_audit', 'operators', 'operator_sessions')`);
    })();
    db.prepare('VACUUM INTO ?').run(target);
  } finally {
    db.close();
    rmSync(work, { force: true });
  }
}
