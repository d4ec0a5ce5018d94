import { dialect } from './dialect';
import type { SchemaMigration } from './index';

/**
 * The demo provider's game-page sessions (server/src/sandbox/provider/sessions.ts), kept in its own table
 * rather than in one process's memory: a page loaded through one server process plays through any other
 * (a cluster without sticky sessions), and a restart ends no open game page. `id` is the page session id
 * the page holds; `session_token` the casino's game session it plays on; `title` the title's key (resolved
 * through the studio at every read, so a title removed meanwhile answers as not available). A row never
 * changes: written when the page opens, deleted when the casino ends its session or the sweep finds it old.
 */
export const providerSessions: SchemaMigration = {
  version: 67,
  name: '0067_provider_sessions',
  up: (engine) => {
    const { table, index, integer, text } = dialect(engine);
    return [
      table(
        'provider_sessions',
        (t) =>
          t
            .addColumn('id', text, (c) => c.primaryKey())
            .addColumn('session_token', text, (c) => c.notNull())
            .addColumn('title', text, (c) => c.notNull())
            .addColumn('player_id', integer, (c) => c.notNull())
            .addColumn('language', text, (c) => c.notNull())
            .addColumn('nickname', text, (c) => c.notNull())
            .addColumn('created_at', text, (c) => c.notNull()),
        { withoutRowid: true },
      ),
      index('provider_sessions_created', 'provider_sessions').columns(['created_at']).compile().sql,
    ];
  },
};
