/**
 * npm run migrate-to-postgres -- --from data/casino.db --to postgres://user@host/casino [--dry-run] [--batch 1000]
 *
 * Moves a SQLite install into an empty PostgreSQL database (server/src/db/postgres/from-sqlite.ts): stop
 * the server first; create the database with ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE
 * template0. One transaction: applies the PostgreSQL migrations, copies every table, moves the identity
 * sequences, verifies (row counts, the players' accounts, the ledger's invariants) and commits; on any
 * refusal or difference nothing is kept. `--dry-run` does all of it and rolls back. `--to` defaults to
 * DATABASE_URL. Exit code 0 when migrated (or the dry run verified), 1 when refused or failed.
 */
import { parseArgs } from 'node:util';
import { formatSummary, MigrationRefused, migrateSqliteToPostgres } from '../server/src/db/postgres/from-sqlite';
import { ledgerProblems } from '../server/src/domains/ledger/whole';

const USAGE =
  'usage: npm run migrate-to-postgres -- --from <sqlite file> --to <postgres://...> [--dry-run] [--batch <rows>]';

const { values: args } = parseArgs({
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    batch: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

const to = args.to ?? process.env.DATABASE_URL;
if (args.help || !args.from || !to) {
  console.log(USAGE);
  process.exit(args.help ? 0 : 1);
}
const batchRows = args.batch ? Number(args.batch) : undefined;
if (batchRows !== undefined && !(Number.isInteger(batchRows) && batchRows > 0)) {
  console.error(`--batch must be a positive integer (got ${args.batch})`);
  process.exit(1);
}

try {
  const summary = await migrateSqliteToPostgres({
    ledgerProblems,
    from: args.from,
    to,
    dryRun: args['dry-run'],
    batchRows,
    log: args.quiet ? undefined : (line) => console.log(line),
  });
  console.log(formatSummary(summary));
  process.exit(0);
} catch (error) {
  if (error instanceof MigrationRefused) console.error(`Refused: ${error.message}`);
  else console.error(`Failed, nothing was kept on the target: ${(error as Error).message}`);
  process.exit(1);
}
