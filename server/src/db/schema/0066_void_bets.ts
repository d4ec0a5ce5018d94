import { dialect } from './dialect';
import type { SchemaMigration } from './index';

/**
 * Bets and raises the casino was asked to roll back before it ever saw them (the provider's rollback of a
 * wallet call lost in transit answered TRANSACTION_UNKNOWN, and the provider voided its round): a bet or
 * raise that arrives later with one of these transaction ids is refused, so no stake is taken for a round
 * the provider gave up (server/src/domains/play/service.ts, `rollback`, `bet`, `raise`).
 */
export const voidBets: SchemaMigration = {
  version: 66,
  name: '0066_void_bets',
  up: (engine) => {
    const { table, integer, text, id } = dialect(engine);
    return [
      table('void_bets', (t) =>
        t
          .addColumn('id', integer, id)
          .addColumn('transaction_id', text, (c) => c.notNull().unique())
          .addColumn('rollback_id', text, (c) => c.notNull())
          .addColumn('created_at', text, (c) => c.notNull()),
      ),
    ];
  },
};
