import type { SqlBool } from 'kysely';
import { sql } from '../builder';
import { dialect } from './dialect';
import type { SchemaMigration } from './index';

/**
 * The payment sandbox's webhook deliveries (server/src/sandbox/webhook-repo.ts), as a real gateway keeps its
 * outbox: written before the first try, so a webhook the casino refused (a 5xx, its database away, no
 * answer) is tried again with back-off across restarts, until the casino answers it or refuses it for good.
 * `payload` is the signed callback as sent (JSON); `next_at` is on the app clock; `attempts` is also the
 * claim a try takes (a conditional update on it), so two processes never send the same try.
 */
export const sandboxWebhooks: SchemaMigration = {
  version: 65,
  name: '0065_sandbox_webhooks',
  up: (engine) => {
    const { table, index, integer, text, id } = dialect(engine);
    return [
      table('sandbox_webhooks', (t) =>
        t
          .addColumn('id', integer, id)
          .addColumn('order_no', text, (c) => c.notNull())
          .addColumn('payload', text, (c) => c.notNull())
          .addColumn('status', text, (c) =>
            c.defaultTo('pending').notNull().check(sql`status IN ('pending', 'delivered', 'refused', 'abandoned')`),
          )
          .addColumn('attempts', integer, (c) => c.defaultTo(0).notNull())
          .addColumn('next_at', text, (c) => c.notNull())
          .addColumn('last_answer', text)
          .addColumn('created_at', text, (c) => c.notNull())
          .addColumn('updated_at', text, (c) => c.notNull()),
      ),
      index('sandbox_webhooks_due', 'sandbox_webhooks')
        .columns(['next_at'])
        .where(sql<SqlBool>`status = 'pending'`)
        .compile().sql,
    ];
  },
};
