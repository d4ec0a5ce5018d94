import type { SqlBool } from 'kysely';
import { sql } from '../builder';
import { dialect } from './dialect';
import type { SchemaMigration } from './index';

/**
 * The payment sandbox's two lookups of its webhook outbox added with the operators' redelivery
 * (server/src/sandbox/webhook-repo.ts): the abandoned deliveries, latest first (the back office's list), and
 * an order's latest delivery (a redelivery, the faults' held webhooks). Without them both read the whole
 * outbox, which grows with every deposit (server/src/db/query-plans.test.ts).
 */
export const sandboxWebhookLookups: SchemaMigration = {
  version: 68,
  name: '0068_sandbox_webhook_lookups',
  up: (engine) => {
    const { index } = dialect(engine);
    return [
      index('sandbox_webhooks_order', 'sandbox_webhooks').columns(['order_no', 'id']).compile().sql,
      index('sandbox_webhooks_abandoned', 'sandbox_webhooks')
        .columns(['updated_at', 'id'])
        .where(sql<SqlBool>`status = 'abandoned'`)
        .compile().sql,
    ];
  },
};
