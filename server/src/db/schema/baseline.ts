import type { SqlBool } from 'kysely';
import { sql } from '../builder';
import { type Dialect, dialect } from './dialect';
import type { SchemaMigration } from './index';

/**
 * The schema as SQLite's migrations 0001..0052 left it (db/migrations, frozen since), written once for both
 * engines with Kysely's schema builder: one migration, 0052_baseline, that a fresh database of either engine
 * gets. It records the versions and names of the SQLite migrations it stands for, so a fresh database and a
 * SQLite file that ran the whole chain read alike in schema_migrations. schema.test.ts holds it equal to the
 * chain's schema on SQLite, schema.pg.test.ts the PostgreSQL result equal to SQLite's.
 *
 * Tables come in an order PostgreSQL accepts (each after the tables it references); a table's indexes follow
 * it. Raw SQL only where the builder cannot say it: the CHECK expressions, partial index predicates and
 * defaults that are expressions, the rows the chain inserts (valid on both as written) and the triggers
 * (per engine, side by side).
 */

/** The SQLite migrations 0052_baseline stands for, as database.ts recorded them (db/migrations' file names). */
export const BASELINE_STANDS_FOR = [
  '0001_accounts',
  '0002_config',
  '0003_ledger',
  '0004_deposits',
  '0005_withdrawals',
  '0006_games',
  '0007_play',
  '0008_provider',
  '0009_rewards',
  '0010_vip',
  '0011_poker_codes_mall',
  '0012_inbox_tasks',
  '0013_withdrawal_day_totals',
  '0014_double_entry',
  '0017_provably_fair',
  '0023_ops_audit',
  '0024_chat',
  '0025_letter_validity',
  '0030_wagering',
  '0031_code_disable',
  '0032_withdraw_limit_operator',
  '0041_nocase_lower',
  '0045_wagering_open_count',
  '0046_launch_session_forfeited_by',
  '0047_next_server_seed',
  '0048_idempotency_keys',
  '0049_ranking_qualified',
  '0050_code_wagering',
  '0051_responsible_gaming',
  '0052_ledger_slots',
] as const;

function statements(engine: 'sqlite' | 'postgres'): string[] {
  const { table, index, integer, text, id, autoincrementId, uniqueNocase, perEngine } = dialect(engine);
  return [
    table('app_state', (t) =>
      t.addColumn('key', text, (c) => c.primaryKey()).addColumn('value', text, (c) => c.notNull()),
    ),
    table('users', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('uid', integer, (c) => c.notNull().unique())
        .addColumn('username', text, (c) => c.notNull().$call(uniqueNocase))
        .addColumn('phone', text, (c) => c.unique())
        .addColumn('password_hash', text, (c) => c.notNull())
        .addColumn('trade_password_hash', text)
        .addColumn('nickname', text, (c) => c.notNull())
        .addColumn('gender', text, (c) =>
          c.defaultTo('male').notNull().check(sql`gender IN ('male', 'female', 'other')`),
        )
        .addColumn('avatar', text, (c) => c.notNull())
        .addColumn('invitation_code', text, (c) => c.notNull().$call(uniqueNocase))
        .addColumn('superior_id', integer, (c) => c.references('users.id'))
        .addColumn('superior_bound_at', text)
        .addColumn('registration_code', text, (c) => c.defaultTo('').notNull())
        .addColumn('guest', integer, (c) => c.defaultTo(0).notNull().check(sql`guest IN (0, 1)`))
        .addColumn('status', text, (c) => c.defaultTo('active').notNull().check(sql`status IN ('active', 'suspended')`))
        .addColumn('status_reason', text, (c) => c.defaultTo('').notNull())
        .addColumn('vip_level', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('real_name', text, (c) => c.defaultTo('').notNull())
        .addColumn('birth_date', text, (c) => c.defaultTo('').notNull())
        .addColumn('email', text, (c) => c.defaultTo('').notNull())
        .addColumn('terms_accepted_at', text)
        .addColumn('sign_up_bonus_at', text)
        .addColumn('register_ip', text, (c) => c.defaultTo('').notNull())
        .addColumn('register_device', text, (c) => c.defaultTo('').notNull())
        .addColumn('created_at', text, (c) => c.notNull()),
    ),
    index('users_superior', 'users').columns(['superior_id']).compile().sql,
    index('users_username_nocase', 'users').expression(sql`lower(username)`).unique().compile().sql,
    index('users_invitation_code_nocase', 'users').expression(sql`lower(invitation_code)`).unique().compile().sql,
    table('user_wallets', (t) =>
      t
        .addColumn('user_id', integer, (c) => c.primaryKey().references('users.id'))
        .addColumn('bank', text, (c) => c.notNull())
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('account', text, (c) => c.notNull())
        .addColumn('created_at', text, (c) => c.notNull()),
    ),
    index('user_wallets_account', 'user_wallets').columns(['bank', 'account']).unique().compile().sql,
    table('sessions', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('token_hash', text, (c) => c.notNull().unique())
        .addColumn('created_at', text, (c) => c.notNull())
        .addColumn('last_seen_at', text, (c) => c.notNull())
        .addColumn('expires_at', text, (c) => c.notNull())
        .addColumn('revoked_at', text)
        .addColumn('revoke_reason', text)
        .addColumn('ip', text, (c) => c.defaultTo('').notNull())
        .addColumn('device_id', text, (c) => c.defaultTo('').notNull())
        .addColumn('user_agent', text, (c) => c.defaultTo('').notNull()),
    ),
    index('sessions_user', 'sessions').columns(['user_id', 'revoked_at']).compile().sql,
    table('sms_messages', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('phone', text, (c) => c.notNull())
        .addColumn('purpose', text, (c) =>
          c.notNull().check(sql`purpose IN ('bind', 'resetLoginPwd', 'resetTradePwd')`),
        )
        .addColumn('user_id', integer, (c) => c.references('users.id'))
        .addColumn('code', text, (c) => c.notNull())
        .addColumn('text', text, (c) => c.notNull())
        .addColumn('ip', text, (c) => c.defaultTo('').notNull())
        .addColumn('attempts', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('created_at', text, (c) => c.notNull())
        .addColumn('expires_at', text, (c) => c.notNull())
        .addColumn('used_at', text),
    ),
    index('sms_messages_phone', 'sms_messages').columns(['phone', 'purpose', 'created_at']).compile().sql,
    table('app_config', (t) =>
      t.addColumn('key', text, (c) => c.primaryKey()).addColumn('value', text, (c) => c.notNull()),
    ),
    table('documents', (t) =>
      t
        .addColumn('slug', text, (c) => c.notNull())
        .addColumn('lang', text, (c) => c.notNull().check(sql`lang IN ('en-US', 'vi-VN')`))
        .addColumn('body', text, (c) => c.notNull())
        .addPrimaryKeyConstraint('documents_pkey', ['slug', 'lang']),
    ),
    table('faq', (t) => t.addColumn('id', integer, id).addColumn('sort_order', integer, (c) => c.notNull())),
    table('faq_texts', (t) =>
      t
        .addColumn('faq_id', integer, (c) => c.notNull().references('faq.id').onDelete('cascade'))
        .addColumn('lang', text, (c) => c.notNull().check(sql`lang IN ('en-US', 'vi-VN')`))
        .addColumn('category', text, (c) => c.notNull())
        .addColumn('question', text, (c) => c.notNull())
        .addColumn('answer', text, (c) => c.notNull())
        .addPrimaryKeyConstraint('faq_texts_pkey', ['faq_id', 'lang']),
    ),
    table('banners', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('sort_order', integer, (c) => c.notNull())
        .addColumn('link', text, (c) => c.defaultTo('').notNull())
        .addColumn('link_type', text, (c) => c.notNull().check(sql`link_type IN ('route', 'url', 'none')`)),
    ),
    table('banner_texts', (t) =>
      t
        .addColumn('banner_id', integer, (c) => c.notNull().references('banners.id').onDelete('cascade'))
        .addColumn('lang', text, (c) => c.notNull().check(sql`lang IN ('en-US', 'vi-VN')`))
        .addColumn('title', text, (c) => c.notNull())
        .addColumn('image_url', text, (c) => c.notNull())
        .addPrimaryKeyConstraint('banner_texts_pkey', ['banner_id', 'lang']),
    ),
    table('notices', (t) => t.addColumn('id', integer, id).addColumn('published_at', text, (c) => c.notNull())),
    index('notices_published', 'notices').columns(['published_at']).compile().sql,
    table('notice_texts', (t) =>
      t
        .addColumn('notice_id', integer, (c) => c.notNull().references('notices.id').onDelete('cascade'))
        .addColumn('lang', text, (c) => c.notNull().check(sql`lang IN ('en-US', 'vi-VN')`))
        .addColumn('title', text, (c) => c.notNull())
        .addColumn('content', text, (c) => c.notNull())
        .addPrimaryKeyConstraint('notice_texts_pkey', ['notice_id', 'lang']),
    ),
    table('fb_events', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('value_centavos', integer, (c) => c.check(sql`value_centavos IS NULL OR value_centavos >= 0`))
        .addColumn('currency', text)
        .addColumn('created_at', text, (c) => c.notNull())
        .addColumn('delivered_at', text),
    ),
    index('fb_events_pending', 'fb_events')
      .columns(['user_id', 'id'])
      .where(sql<SqlBool>`delivered_at IS NULL`)
      .compile().sql,
    table('accounts', (t) =>
      t
        .addColumn('user_id', integer, (c) => c.primaryKey().references('users.id'))
        .addColumn('balance', integer, (c) => c.defaultTo(0).notNull().check(sql`balance >= 0`))
        .addColumn('frozen', integer, (c) => c.defaultTo(0).notNull().check(sql`frozen >= 0`))
        .addColumn('point', integer, (c) => c.defaultTo(0).notNull().check(sql`point >= 0`))
        .addColumn('updated_at', text, (c) => c.notNull()),
    ),
    table('balance_journal', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('user_id', integer, (c) => c.notNull().references('accounts.user_id'))
        .addColumn('type', text, (c) => c.notNull())
        .addColumn('amount', integer, (c) => c.notNull())
        .addColumn('frozen_delta', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('point_delta', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('balance_after', integer, (c) => c.notNull())
        .addColumn('frozen_after', integer, (c) => c.notNull())
        .addColumn('point_after', integer, (c) => c.notNull())
        .addColumn('reference', text, (c) => c.notNull())
        .addColumn('remark', text, (c) => c.defaultTo('').notNull())
        .addColumn('created_at', text, (c) => c.notNull())
        .addColumn('counterparty', text, (c) => c.defaultTo('house').notNull()),
    ),
    index('balance_journal_user', 'balance_journal').columns(['user_id', 'id']).compile().sql,
    index('balance_journal_user_type', 'balance_journal').columns(['user_id', 'type', 'created_at']).compile().sql,
    index('balance_journal_transfer', 'balance_journal').columns(['type', 'reference', 'user_id']).unique().compile()
      .sql,
    table('payment_channels', (t) =>
      t
        .addColumn('code', text, (c) => c.primaryKey())
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('enabled', integer, (c) => c.defaultTo(1).notNull().check(sql`enabled IN (0, 1)`))
        .addColumn('min_amount', integer, (c) => c.notNull())
        .addColumn('max_amount', integer, (c) => c.notNull())
        .addColumn('fee_percent', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('sort_order', integer, (c) => c.defaultTo(0).notNull())
        .addCheckConstraint('payment_channels_check', sql`min_amount > 0 AND max_amount >= min_amount`),
    ),
    table('payment_settings', (t) =>
      t.addColumn('key', text, (c) => c.primaryKey()).addColumn('value', text, (c) => c.notNull()),
    ),
    table('coupon_templates', (t) =>
      t
        .addColumn('code', text, (c) => c.primaryKey())
        .addColumn('name_en', text, (c) => c.notNull())
        .addColumn('name_vi', text, (c) => c.notNull())
        .addColumn('bonus_percent', integer, (c) => c.notNull().check(sql`bonus_percent > 0`))
        .addColumn('max_bonus', integer, (c) => c.notNull().check(sql`max_bonus > 0`))
        .addColumn('min_deposit', integer, (c) => c.notNull().check(sql`min_deposit >= 0`))
        .addColumn('turnover_multiple', integer, (c) => c.notNull().check(sql`turnover_multiple > 0`))
        .addColumn('valid_days', integer, (c) => c.notNull().check(sql`valid_days > 0`)),
    ),
    table('user_coupons', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('template_code', text, (c) => c.notNull().references('coupon_templates.code'))
        .addColumn('status', text, (c) =>
          c.defaultTo('available').notNull().check(sql`status IN ('available', 'used', 'expired')`),
        )
        .addColumn('source', text, (c) => c.defaultTo('').notNull())
        .addColumn('order_no', text)
        .addColumn('granted_at', text, (c) => c.notNull())
        .addColumn('expires_at', text, (c) => c.notNull())
        .addColumn('used_at', text),
    ),
    index('user_coupons_user', 'user_coupons').columns(['user_id', 'status']).compile().sql,
    table('deposits', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('order_no', text, (c) => c.notNull().unique())
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('channel', text, (c) => c.notNull().references('payment_channels.code'))
        .addColumn('amount', integer, (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('bonus', integer, (c) => c.defaultTo(0).notNull().check(sql`bonus >= 0`))
        .addColumn('fee', integer, (c) => c.defaultTo(0).notNull().check(sql`fee >= 0`))
        .addColumn('coupon_id', integer, (c) => c.references('user_coupons.id'))
        .addColumn('turnover_required', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('status', integer, (c) => c.defaultTo(0).notNull().check(sql`status IN (0, 1, 2, 3)`))
        .addColumn('created_at', text, (c) => c.notNull())
        .addColumn('expires_at', text, (c) => c.notNull())
        .addColumn('paid_at', text)
        .addColumn('settled_at', text)
        .addColumn('gateway_ref', text)
        .addColumn('payer_mobile', text)
        .addColumn('callback_count', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('first_answer', text)
        .addColumn('bonus_turnover', integer, (c) => c.defaultTo(0).notNull()),
    ),
    index('deposits_user', 'deposits').columns(['user_id', 'id']).compile().sql,
    index('deposits_pending', 'deposits').columns(['status', 'expires_at']).compile().sql,
    table('kyc_submissions', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('real_name', text, (c) => c.notNull())
        // MM/DD/YYYY, as the spec writes dates
        .addColumn('birth_date', text, (c) => c.notNull())
        .addColumn('id_type', text, (c) =>
          c
            .notNull()
            .check(
              sql`id_type IN ('passport', 'drivers_license', 'umid', 'philsys', 'prc', 'postal', 'voters', 'sss')`,
            ),
        )
        .addColumn('id_number', text, (c) => c.notNull())
        .addColumn('status', text, (c) =>
          c.defaultTo('pending').notNull().check(sql`status IN ('unverified', 'pending', 'verified', 'rejected')`),
        )
        .addColumn('reason', text, (c) => c.defaultTo('').notNull())
        .addColumn('submitted_at', text, (c) => c.notNull())
        .addColumn('decided_at', text)
        .addColumn('decided_by', text),
    ),
    index('kyc_submissions_user', 'kyc_submissions').columns(['user_id', 'id']).compile().sql,
    index('kyc_submissions_status', 'kyc_submissions').columns(['status', 'id']).compile().sql,
    index('kyc_submissions_open', 'kyc_submissions')
      .columns(['user_id'])
      .unique()
      .where(sql<SqlBool>`status IN ('pending', 'verified')`)
      .compile().sql,
    table('withdraw_limits', (t) =>
      t
        .addColumn('vip_level', integer, (c) => c.primaryKey().check(sql`vip_level >= 0`))
        .addColumn('daily_amount', integer, (c) => c.notNull().check(sql`daily_amount > 0`))
        .addColumn('daily_count', integer, (c) => c.notNull().check(sql`daily_count > 0`))
        .addColumn('set_by_operator', integer, (c) => c.defaultTo(0).notNull().check(sql`set_by_operator IN (0, 1)`)),
    ),
    table('withdraw_settings', (t) =>
      t.addColumn('key', text, (c) => c.primaryKey()).addColumn('value', text, (c) => c.notNull()),
    ),
    table('withdrawals', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('order_no', text, (c) => c.notNull().unique())
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('amount', integer, (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('fee', integer, (c) => c.defaultTo(0).notNull().check(sql`fee >= 0 AND fee <= amount`))
        .addColumn('bank', text, (c) => c.notNull())
        .addColumn('wallet_name', text, (c) => c.notNull())
        .addColumn('wallet_account', text, (c) => c.notNull())
        .addColumn('status', integer, (c) => c.defaultTo(0).notNull().check(sql`status BETWEEN 0 AND 6`))
        .addColumn('remark', text, (c) => c.defaultTo('').notNull())
        // business day of creation (YYYY-MM-DD), for the daily limits
        .addColumn('manila_day', text, (c) => c.notNull())
        // the sandbox payout gateway's reference, once submitted
        .addColumn('payout_ref', text)
        .addColumn('payout_result', text, (c) => c.check(sql`payout_result IN ('success', 'failed', 'exception')`))
        // when the sandbox reports payout_result, while Processing
        .addColumn('payout_due_at', text)
        .addColumn('created_at', text, (c) => c.notNull())
        .addColumn('updated_at', text, (c) => c.notNull()),
    ),
    index('withdrawals_user', 'withdrawals').columns(['user_id', 'id']).compile().sql,
    index('withdrawals_status', 'withdrawals').columns(['status', 'payout_due_at']).compile().sql,
    index('withdrawals_user_day_totals', 'withdrawals').columns(['user_id', 'manila_day', 'status', 'amount']).compile()
      .sql,
    table('withdrawal_events', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('withdrawal_id', integer, (c) => c.notNull().references('withdrawals.id'))
        .addColumn('from_status', integer, (c) => c.check(sql`from_status BETWEEN 0 AND 6`))
        .addColumn('to_status', integer, (c) => c.notNull().check(sql`to_status BETWEEN 0 AND 6`))
        // player, ops, auto (autoApprove), sandbox (payout gateway)
        .addColumn('actor', text, (c) => c.notNull())
        .addColumn('reason', text, (c) => c.defaultTo('').notNull())
        .addColumn('created_at', text, (c) => c.notNull()),
    ),
    index('withdrawal_events_withdrawal', 'withdrawal_events').columns(['withdrawal_id', 'id']).compile().sql,
    table('captchas', (t) =>
      t
        // sha256 hex of the token
        .addColumn('token_hash', text, (c) => c.primaryKey())
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('correct', integer, (c) => c.notNull().check(sql`correct IN (0, 1)`))
        .addColumn('expires_at', text, (c) => c.notNull())
        .addColumn('used_at', text, (c) => c.notNull()),
    ),
    index('captchas_expires', 'captchas').columns(['expires_at']).compile().sql,
    table('game_menu', (t) =>
      t
        .addColumn('code', text, (c) =>
          c.primaryKey().check(sql`code IN ('default', 'hot', 'slot', 'live', 'sports', 'fish', 'poker', 'arcade')`),
        )
        .addColumn('name_en', text, (c) => c.notNull())
        .addColumn('name_vi', text, (c) => c.notNull())
        .addColumn('show_provider', integer, (c) => c.defaultTo(1).notNull().check(sql`show_provider IN (0, 1)`))
        .addColumn('show_type', integer, (c) => c.defaultTo(0).notNull().check(sql`show_type IN (0, 1, 2)`))
        .addColumn('bg_color', text, (c) => c.notNull())
        .addColumn('sort_order', integer, (c) => c.defaultTo(0).notNull()),
    ),
    table('providers', (t) =>
      t
        .addColumn('code', text, (c) => c.primaryKey())
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('logo_url', text, (c) => c.notNull())
        .addColumn('sort_order', integer, (c) => c.defaultTo(0).notNull()),
    ),
    table('games', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('code', text, (c) => c.notNull().unique())
        .addColumn('name', text, (c) => c.notNull())
        // The name as search compares it: ' ' + lower case, accents and punctuation removed (game/search.ts).
        .addColumn('search_name', text, (c) => c.notNull())
        .addColumn('type', text, (c) =>
          c.notNull().check(sql`type IN ('slot', 'live', 'sports', 'fish', 'poker', 'arcade')`),
        )
        .addColumn('provider', text, (c) => c.notNull().references('providers.code'))
        .addColumn('thumbnail_url', text, (c) => c.notNull())
        .addColumn('hot', integer, (c) => c.defaultTo(0).notNull().check(sql`hot IN (0, 1)`))
        .addColumn('new', integer, (c) => c.defaultTo(0).notNull().check(sql`new IN (0, 1)`))
        .addColumn('playable', integer, (c) => c.defaultTo(0).notNull().check(sql`playable IN (0, 1)`))
        .addColumn('open_mode', text, (c) =>
          c.defaultTo('iframe').notNull().check(sql`open_mode IN ('iframe', 'browser')`),
        )
        .addColumn('need_bind_wallet', integer, (c) => c.defaultTo(0).notNull().check(sql`need_bind_wallet IN (0, 1)`))
        // The demo provider's game key ('slot', 'baccarat', 'crash') of a playable game; NULL otherwise.
        .addColumn('provider_game', text)
        // Higher first in every list.
        .addColumn('popularity', integer, (c) => c.defaultTo(0).notNull())
        // 0 once the game left the seed file: hidden everywhere, kept for favourites and game records.
        .addColumn('enabled', integer, (c) => c.defaultTo(1).notNull().check(sql`enabled IN (0, 1)`))
        .addColumn('created_at', text, (c) => c.notNull())
        .addCheckConstraint('games_check', sql`playable = 0 OR provider_game IS NOT NULL`),
    ),
    index('games_type', 'games').columns(['type', 'popularity desc', 'id']).where(sql<SqlBool>`enabled = 1`).compile()
      .sql,
    index('games_provider', 'games')
      .columns(['provider', 'popularity desc', 'id'])
      .where(sql<SqlBool>`enabled = 1`)
      .compile().sql,
    index('games_popular', 'games').columns(['popularity desc', 'id']).where(sql<SqlBool>`enabled = 1`).compile().sql,
    table('game_favourites', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('game_id', integer, (c) => c.notNull().references('games.id'))
        .addColumn('created_at', text, (c) => c.notNull())
        .addUniqueConstraint('game_favourites_user_id_game_id_key', ['user_id', 'game_id']),
    ),
    index('game_favourites_recent', 'game_favourites').columns(['user_id', 'created_at']).compile().sql,
    table('game_search_terms', (t) =>
      t
        .addColumn('term', text, (c) => c.primaryKey())
        .addColumn('searches', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('hits', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('last_at', text, (c) => c.notNull())
        .addColumn('last_hit_at', text),
    ),
    index('game_search_popular', 'game_search_terms')
      .columns(['hits desc', 'last_hit_at desc'])
      .where(sql<SqlBool>`hits > 0`)
      .compile().sql,
    table('game_help', (t) =>
      t
        .addColumn('lang', text, (c) => c.primaryKey())
        .addColumn('title', text, (c) => c.notNull())
        .addColumn('content', text, (c) => c.notNull())
        .addColumn('featured', text, (c) => c.defaultTo('[]').notNull()),
    ),
    table('game_catalog_version', (t) =>
      t.addColumn('id', integer, (c) => id(c).check(sql`id = 1`)).addColumn('version', integer, (c) => c.notNull()),
    ),
    table('game_launches', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('game_id', integer, (c) => c.notNull().references('games.id'))
        .addColumn('launch_token_hash', text, (c) => c.notNull().unique())
        .addColumn('launch_expires_at', text, (c) => c.notNull())
        .addColumn('session_token_hash', text, (c) => c.unique())
        .addColumn('session_expires_at', text)
        .addColumn('language', text, (c) => c.defaultTo('en-US').notNull())
        .addColumn('created_at', text, (c) => c.notNull())
        .addColumn('session_id', integer, (c) => c.references('sessions.id')),
    ),
    index('game_launches_user', 'game_launches').columns(['user_id', 'id']).compile().sql,
    table('game_rounds', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('round_id', text, (c) => c.notNull().unique())
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('game_id', integer, (c) => c.notNull().references('games.id'))
        .addColumn('launch_id', integer, (c) => c.notNull().references('game_launches.id'))
        .addColumn('bet', integer, (c) => c.notNull().check(sql`bet > 0`))
        .addColumn('win', integer, (c) => c.defaultTo(0).notNull().check(sql`win >= 0`))
        .addColumn('status', text, (c) =>
          c.defaultTo('open').notNull().check(sql`status IN ('open', 'settled', 'refunded')`),
        )
        .addColumn('result', text, (c) => c.defaultTo('').notNull())
        .addColumn('created_at', text, (c) => c.notNull())
        .addColumn('settled_at', text),
    ),
    index('game_rounds_user', 'game_rounds').columns(['user_id', 'created_at']).compile().sql,
    index('game_rounds_open', 'game_rounds').columns(['user_id']).where(sql<SqlBool>`status = 'open'`).compile().sql,
    table('wallet_transactions', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('transaction_id', text, (c) => c.notNull().unique())
        .addColumn('kind', text, (c) => c.notNull().check(sql`kind IN ('bet', 'win', 'rollback')`))
        .addColumn('round_id', text, (c) => c.notNull())
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('amount', integer, (c) => c.notNull())
        .addColumn('request', text, (c) => c.notNull())
        .addColumn('answer', text, (c) => c.notNull())
        .addColumn('created_at', text, (c) => c.notNull()),
    ),
    table('provider_rounds', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('round_id', text, (c) => c.notNull().unique())
        .addColumn('game', text, (c) => c.notNull())
        .addColumn('session_token', text, (c) => c.notNull())
        .addColumn('bet_transaction_id', text, (c) => c.notNull().unique())
        .addColumn('win_transaction_id', text, (c) => c.notNull().unique())
        .addColumn('bet', integer, (c) => c.notNull())
        .addColumn('win', integer, (c) => c.notNull())
        .addColumn('outcome', text, (c) => c.notNull())
        .addColumn('result', text, (c) => c.notNull())
        .addColumn('state', text, (c) => c.notNull().check(sql`state IN ('betting', 'bet_placed', 'settled', 'void')`))
        .addColumn('created_at', text, (c) => c.notNull())
        .addColumn('updated_at', text, (c) => c.notNull())
        .addColumn('title', text, (c) => c.defaultTo('').notNull())
        .addColumn('server_seed_hash', text)
        .addColumn('client_seed', text)
        .addColumn('nonce', integer)
        .addColumn('params', text, (c) => c.defaultTo('{}').notNull())
        .addColumn('actions', text, (c) => c.defaultTo('[]').notNull())
        .addColumn('done', integer, (c) => c.defaultTo(1).notNull()),
    ),
    index('provider_rounds_open', 'provider_rounds')
      .columns(['state'])
      .where(sql<SqlBool>`state IN ('betting', 'bet_placed')`)
      .compile().sql,
    index('provider_rounds_seed', 'provider_rounds').columns(['server_seed_hash']).compile().sql,
    table('reward_claims', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('reward_key', text, (c) => c.notNull())
        .addColumn('source', text, (c) => c.notNull())
        // JSON: the wire rewards granted (pesos for cash)
        .addColumn('rewards', text, (c) => c.notNull())
        .addColumn('created_at', text, (c) => c.notNull())
        .addUniqueConstraint('reward_claims_user_id_reward_key_key', ['user_id', 'reward_key']),
    ),
    index('reward_claims_source', 'reward_claims').columns(['source', 'created_at']).compile().sql,
    index('reward_claims_user_source', 'reward_claims').columns(['user_id', 'source', 'reward_key']).compile().sql,
    table('vip_levels', (t) =>
      t
        .addColumn('level', integer, (c) => c.primaryKey().check(sql`level >= 0`))
        .addColumn('deposit_threshold', integer, (c) => c.notNull().check(sql`deposit_threshold >= 0`))
        .addColumn('turnover_threshold', integer, (c) => c.notNull().check(sql`turnover_threshold >= 0`))
        .addColumn('daily_reward', integer, (c) => c.notNull().check(sql`daily_reward >= 0`))
        .addColumn('monthly_reward', integer, (c) => c.notNull().check(sql`monthly_reward >= 0`))
        .addColumn('deposit_rebate_bp', integer, (c) => c.notNull().check(sql`deposit_rebate_bp BETWEEN 0 AND 10000`))
        .addColumn('turnover_rebate_bp', integer, (c) => c.notNull().check(sql`turnover_rebate_bp BETWEEN 0 AND 10000`))
        .addColumn('decay_percent', integer, (c) => c.notNull().check(sql`decay_percent BETWEEN 0 AND 100`)),
    ),
    table('vip_settings', (t) =>
      t.addColumn('key', text, (c) => c.primaryKey()).addColumn('value', text, (c) => c.notNull()),
    ),
    table('vip_rebate_marks', (t) =>
      t
        .addColumn('user_id', integer, (c) => c.primaryKey().references('users.id'))
        .addColumn('deposit_mark', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('deposit_carry', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('turnover_mark', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('turnover_carry', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('updated_at', text, (c) => c.notNull()),
    ),
    table('friend_rewards', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('friend_id', integer, (c) => c.references('users.id'))
        .addColumn('kind', text, (c) => c.notNull().check(sql`kind IN ('deposit', 'turnover', 'ranking')`))
        .addColumn('day', text, (c) => c.notNull())
        .addColumn('reference', text, (c) => c.notNull())
        .addColumn('base_amount', integer, (c) => c.notNull().check(sql`base_amount >= 0`))
        .addColumn('amount', integer, (c) => c.notNull().check(sql`amount >= 0`))
        .addColumn('claim_key', text)
        .addColumn('claimed_at', text)
        .addColumn('created_at', text, (c) => c.notNull())
        .addColumn('updated_at', text, (c) => c.notNull()),
    ),
    index('friend_rewards_user', 'friend_rewards').columns(['user_id', 'kind', 'claimed_at']).compile().sql,
    index('friend_rewards_deposit_once', 'friend_rewards')
      .columns(['reference'])
      .unique()
      .where(sql<SqlBool>`kind = 'deposit'`)
      .compile().sql,
    index('friend_rewards_open_turnover', 'friend_rewards')
      .columns(['user_id', 'friend_id', 'day'])
      .unique()
      .where(sql<SqlBool>`kind = 'turnover' AND claimed_at IS NULL`)
      .compile().sql,
    table('friend_turnover_marks', (t) =>
      t
        .addColumn('friend_id', integer, (c) => c.primaryKey().references('users.id'))
        .addColumn('mark', integer, (c) => c.notNull()),
    ),
    table('referral_first_deposits', (t) =>
      t
        .addColumn('friend_id', integer, (c) => c.primaryKey().references('users.id'))
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('period_id', text, (c) => c.notNull())
        .addColumn('order_no', text, (c) => c.notNull())
        .addColumn('deposited_at', text, (c) => c.notNull())
        .addColumn('amount', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('qualified_period_id', text)
        .addColumn('qualified_at', text),
    ),
    index('referral_first_deposits_qualified_period', 'referral_first_deposits')
      .columns(['qualified_period_id', 'user_id'])
      .compile().sql,
    index('referral_first_deposits_user_qualified', 'referral_first_deposits')
      .columns(['user_id', 'qualified_period_id'])
      .compile().sql,
    table('poker_odds', (t) =>
      t
        .addColumn('card', text, (c) => c.primaryKey())
        .addColumn('weight', integer, (c) => c.notNull().check(sql`weight > 0`)),
    ),
    table('poker_settings', (t) =>
      t.addColumn('key', text, (c) => c.primaryKey()).addColumn('value', text, (c) => c.notNull()),
    ),
    table(
      'poker_cards',
      (t) =>
        t
          .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
          .addColumn('card', text, (c) => c.notNull())
          .addColumn('owned', integer, (c) => c.notNull().check(sql`owned > 0`))
          .addColumn('first_at', text, (c) => c.notNull())
          .addColumn('updated_at', text, (c) => c.notNull())
          .addPrimaryKeyConstraint('poker_cards_pkey', ['user_id', 'card']),
      { withoutRowid: true },
    ),
    table('poker_draws', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('card', text, (c) => c.notNull())
        .addColumn('chance', text, (c) => c.notNull().check(sql`chance IN ('free', 'referral')`))
        // Manila day of the draw, YYYY-MM-DD
        .addColumn('day', text, (c) => c.notNull())
        .addColumn('duplicate', integer, (c) => c.notNull().check(sql`duplicate IN (0, 1)`))
        .addColumn('completed', integer, (c) => c.defaultTo(0).notNull().check(sql`completed IN (0, 1)`))
        .addColumn('created_at', text, (c) => c.notNull()),
    ),
    index('poker_draws_free_day', 'poker_draws')
      .columns(['user_id', 'day'])
      .unique()
      .where(sql<SqlBool>`chance = 'free'`)
      .compile().sql,
    index('poker_draws_user', 'poker_draws').columns(['user_id', 'chance']).compile().sql,
    table('poker_referral_chances', (t) =>
      t
        .addColumn('referral_id', integer, (c) => c.primaryKey().references('users.id'))
        // the superior who earned the chance
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('order_no', text, (c) => c.notNull())
        .addColumn('created_at', text, (c) => c.notNull()),
    ),
    index('poker_referral_chances_user', 'poker_referral_chances').columns(['user_id']).compile().sql,
    table('poker_feed', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('kind', text, (c) => c.notNull().check(sql`kind IN ('draw', 'grandPrize')`))
        .addColumn('card', text)
        // centavos, grand prizes only
        .addColumn('amount', integer)
        .addColumn('created_at', text, (c) => c.notNull()),
    ),
    table('redemption_codes', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('code', text, (c) => c.notNull().$call(uniqueNocase))
        .addColumn('rewards', text, (c) => c.notNull())
        .addColumn('total_uses', integer, (c) => c.notNull().check(sql`total_uses > 0`))
        .addColumn('used', integer, (c) => c.defaultTo(0).notNull().check(sql`used >= 0 AND used <= total_uses`))
        .addColumn('min_vip', integer, (c) => c.defaultTo(0).notNull().check(sql`min_vip >= 0`))
        .addColumn('expires_at', text)
        .addColumn('remark', text, (c) => c.defaultTo('').notNull())
        .addColumn('source', text, (c) => c.defaultTo('ops').notNull().check(sql`source IN ('seed', 'ops')`))
        .addColumn('created_at', text, (c) => c.notNull())
        .addColumn('disabled_at', text)
        .addColumn('turnover_multiple', integer, (c) =>
          c.defaultTo(5).notNull().check(sql`turnover_multiple >= 0 AND turnover_multiple <= 100`),
        ),
    ),
    index('redemption_codes_code_nocase', 'redemption_codes').expression(sql`lower(code)`).unique().compile().sql,
    table('redemption_uses', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('code_id', integer, (c) => c.notNull().references('redemption_codes.id'))
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('created_at', text, (c) => c.notNull())
        .addUniqueConstraint('redemption_uses_code_id_user_id_key', ['code_id', 'user_id']),
    ),
    table('mall_items', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('name_en', text, (c) => c.notNull())
        .addColumn('name_vi', text, (c) => c.notNull())
        .addColumn('description_en', text, (c) => c.notNull())
        .addColumn('description_vi', text, (c) => c.notNull())
        .addColumn('image', text, (c) => c.notNull())
        .addColumn('price', integer, (c) => c.notNull().check(sql`price > 0`))
        .addColumn('reward', text, (c) => c.notNull())
        .addColumn('stock_total', integer, (c) => c.check(sql`stock_total IS NULL OR stock_total >= 0`))
        .addColumn('sold', integer, (c) => c.defaultTo(0).notNull().check(sql`sold >= 0`))
        .addColumn('per_account_limit', integer, (c) =>
          c.check(sql`per_account_limit IS NULL OR per_account_limit > 0`),
        )
        .addColumn('min_vip', integer, (c) => c.defaultTo(0).notNull().check(sql`min_vip >= 0`))
        .addColumn('sort', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('enabled', integer, (c) => c.defaultTo(1).notNull().check(sql`enabled IN (0, 1)`)),
    ),
    table('mall_orders', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('order_no', text, (c) => c.notNull().unique())
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('item_id', integer, (c) => c.notNull().references('mall_items.id'))
        .addColumn('quantity', integer, (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('points', integer, (c) => c.notNull().check(sql`points > 0`))
        // JSON: the wire rewards granted
        .addColumn('rewards', text, (c) => c.notNull())
        .addColumn('created_at', text, (c) => c.notNull()),
    ),
    index('mall_orders_user_item', 'mall_orders').columns(['user_id', 'item_id']).compile().sql,
    table('letter_sends', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('audience', text, (c) => c.notNull().check(sql`audience IN ('player', 'all')`))
        .addColumn('user_id', integer, (c) => c.references('users.id'))
        .addColumn('type', text, (c) => c.notNull())
        .addColumn('title_en', text, (c) => c.notNull())
        .addColumn('title_vi', text, (c) => c.notNull())
        .addColumn('content_en', text, (c) => c.notNull())
        .addColumn('content_vi', text, (c) => c.notNull())
        // JSON: rewards in the server form (cash in centavos)
        .addColumn('rewards', text, (c) => c.defaultTo('[]').notNull())
        .addColumn('recipients', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('created_at', text, (c) => c.notNull())
        .addColumn('valid_until', text),
    ),
    table('letters', (t) =>
      t
        .addColumn('id', integer, autoincrementId)
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('type', text, (c) => c.notNull().check(sql`type IN ('system', 'notice', 'reward')`))
        // what wrote it: welcome, deposit, withdraw, kyc, ops
        .addColumn('template', text, (c) => c.defaultTo('').notNull())
        // what it is about (an order number...)
        .addColumn('reference', text, (c) => c.defaultTo('').notNull())
        .addColumn('send_id', integer, (c) => c.references('letter_sends.id'))
        .addColumn('title_en', text, (c) => c.notNull())
        .addColumn('title_vi', text, (c) => c.notNull())
        .addColumn('content_en', text, (c) => c.notNull())
        .addColumn('content_vi', text, (c) => c.notNull())
        // JSON: rewards in the server form (cash in centavos)
        .addColumn('rewards', text, (c) => c.defaultTo('[]').notNull())
        .addColumn('read_at', text)
        .addColumn('claimed_at', text)
        .addColumn('deleted_at', text)
        .addColumn('created_at', text, (c) => c.notNull()),
    ),
    index('letters_user', 'letters').columns(['user_id', 'id']).where(sql<SqlBool>`deleted_at IS NULL`).compile().sql,
    index('letters_unread', 'letters')
      .columns(['user_id', 'type'])
      .where(sql<SqlBool>`read_at IS NULL AND deleted_at IS NULL`)
      .compile().sql,
    index('letters_send', 'letters').columns(['send_id']).compile().sql,
    table('tasks', (t) =>
      t
        .addColumn('code', text, (c) => c.primaryKey())
        .addColumn('period', text, (c) => c.notNull().check(sql`period IN ('daily', 'once')`))
        .addColumn('metric', text, (c) => c.notNull())
        // centavos for money metrics, else a count
        .addColumn('target', integer, (c) => c.notNull().check(sql`target > 0`))
        // JSON: rewards in the server form
        .addColumn('rewards', text, (c) => c.notNull())
        .addColumn('turnover_multiple', integer, (c) => c.defaultTo(0).notNull().check(sql`turnover_multiple >= 0`))
        .addColumn('title_en', text, (c) => c.notNull())
        .addColumn('title_vi', text, (c) => c.notNull())
        .addColumn('sort_order', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('enabled', integer, (c) => c.defaultTo(1).notNull().check(sql`enabled IN (0, 1)`)),
    ),
    table('bonus_settings', (t) =>
      t.addColumn('key', text, (c) => c.primaryKey()).addColumn('value', text, (c) => c.notNull()),
    ),
    table('ledger_accounts', (t) =>
      t.addColumn('code', text, (c) => c.primaryKey()).addColumn('name', text, (c) => c.notNull()),
    ),
    table('account_counters', (t) =>
      t
        .addColumn('user_id', integer, (c) => c.primaryKey().references('users.id'))
        .addColumn('point_earned', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('deposit_total', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('deposit_count', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('turnover_required', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('turnover_done', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('turnover_total', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('energy', integer, (c) => c.defaultTo(0).notNull().check(sql`energy >= 0`))
        .addColumn('wagering_open', integer, (c) => c.defaultTo(0).notNull()),
    ),
    table('provider_seeds', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('player_id', integer, (c) => c.notNull())
        .addColumn('title', text, (c) => c.notNull())
        .addColumn('server_seed', text, (c) => c.notNull())
        .addColumn('server_seed_hash', text, (c) => c.notNull().unique())
        .addColumn('client_seed', text, (c) => c.notNull())
        .addColumn('nonce', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('revealed_at', text)
        .addColumn('created_at', text, (c) => c.notNull())
        .addColumn('next_server_seed', text)
        .addColumn('next_server_seed_hash', text),
    ),
    index('provider_seeds_current', 'provider_seeds')
      .columns(['player_id', 'title'])
      .unique()
      .where(sql<SqlBool>`revealed_at IS NULL`)
      .compile().sql,
    index('provider_seeds_revealed', 'provider_seeds')
      .columns(['player_id', 'title', 'id'])
      .where(sql<SqlBool>`revealed_at IS NOT NULL`)
      .compile().sql,
    table('ops_audit', (t) =>
      t
        .addColumn('id', integer, autoincrementId)
        // the virtual clock's instant of the action
        .addColumn('at', text, (c) => c.notNull())
        // the X-Operator header the back office sends, else 'operator'
        .addColumn('operator', text, (c) => c.notNull())
        .addColumn('method', text, (c) => c.notNull())
        // the route pattern, e.g. /ops/users/:uid/status
        .addColumn('route', text, (c) => c.notNull())
        // the path asked, e.g. /ops/users/12345678/status
        .addColumn('path', text, (c) => c.notNull())
        // what it acted on (uid, order number, code...)
        .addColumn('target', text, (c) => c.defaultTo('').notNull())
        // JSON: the body (and query), secrets redacted
        .addColumn('request', text, (c) => c.defaultTo('null').notNull())
        // JSON: the target's state before, when the route has one
        .addColumn('before', text)
        // JSON: the target's state after (or the answer's data)
        .addColumn('after', text)
        // HTTP status
        .addColumn('status', integer, (c) => c.notNull())
        // envelope code (0 = success)
        .addColumn('code', integer, (c) => c.notNull()),
    ),
    index('ops_audit_route', 'ops_audit').columns(['route', 'id']).compile().sql,
    index('ops_audit_target', 'ops_audit').columns(['target', 'id']).compile().sql,
    table('chat_conversations', (t) =>
      t
        .addColumn('id', integer, autoincrementId)
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('status', text, (c) => c.defaultTo('open').notNull().check(sql`status IN ('open', 'closed')`))
        // operator messages not yet seen
        .addColumn('player_unread', integer, (c) => c.defaultTo(0).notNull().check(sql`player_unread >= 0`))
        // player messages not yet seen
        .addColumn('operator_unread', integer, (c) => c.defaultTo(0).notNull().check(sql`operator_unread >= 0`))
        .addColumn('last_message_at', text, (c) => c.notNull())
        .addColumn('created_at', text, (c) => c.notNull())
        .addColumn('closed_at', text)
        .addColumn('closed_by', text, (c) => c.defaultTo('').notNull()),
    ),
    index('chat_open_per_player', 'chat_conversations')
      .columns(['user_id'])
      .unique()
      .where(sql<SqlBool>`status = 'open'`)
      .compile().sql,
    index('chat_conversations_user', 'chat_conversations').columns(['user_id', 'id']).compile().sql,
    index('chat_conversations_recent', 'chat_conversations').columns(['status', 'last_message_at']).compile().sql,
    table('chat_messages', (t) =>
      t
        .addColumn('id', integer, autoincrementId)
        .addColumn('conversation_id', integer, (c) => c.notNull().references('chat_conversations.id'))
        .addColumn('sender', text, (c) => c.notNull().check(sql`sender IN ('player', 'operator')`))
        // the operator's name on operator messages
        .addColumn('operator', text, (c) => c.defaultTo('').notNull())
        .addColumn('body', text, (c) => c.notNull())
        .addColumn('created_at', text, (c) => c.notNull()),
    ),
    index('chat_messages_conversation', 'chat_messages').columns(['conversation_id', 'id']).compile().sql,
    table('wagering_requirements', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        // deposit, signin, task, poker, carried...
        .addColumn('source', text, (c) => c.notNull())
        // the deposit's order number or the reward key
        .addColumn('reference', text, (c) => c.notNull())
        .addColumn('bonus', integer, (c) => c.notNull().check(sql`bonus > 0`))
        .addColumn('required', integer, (c) => c.notNull().check(sql`required > 0`))
        .addColumn('done', integer, (c) => c.defaultTo(0).notNull().check(sql`done >= 0 AND done <= required`))
        .addColumn('state', text, (c) =>
          c.defaultTo('open').notNull().check(sql`state IN ('open', 'met', 'forfeited')`),
        )
        .addColumn('created_at', text, (c) => c.notNull())
        .addColumn('closed_at', text)
        .addColumn('forfeited_by', text),
    ),
    index('wagering_open', 'wagering_requirements').columns(['user_id', 'state', 'id']).compile().sql,
    table(
      'wagering_bets',
      (t) =>
        t
          .addColumn('requirement_id', integer, (c) => c.notNull().references('wagering_requirements.id'))
          .addColumn('user_id', integer, (c) => c.notNull())
          .addColumn('reference', text, (c) => c.notNull())
          .addColumn('amount', integer, (c) => c.notNull().check(sql`amount > 0`))
          .addPrimaryKeyConstraint('wagering_bets_pkey', ['user_id', 'reference', 'requirement_id']),
      { withoutRowid: true },
    ),
    table('idempotency_keys', (t) =>
      t
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        // the client's Idempotency-Key, 1-255 printable characters
        .addColumn('key', text, (c) => c.notNull())
        // method and contract path: 'POST /api/withdraw/create'
        .addColumn('endpoint', text, (c) => c.notNull())
        // sha256 hex of the validated body as canonical JSON (keys sorted)
        .addColumn('request_hash', text, (c) => c.notNull())
        .addColumn('state', text, (c) => c.defaultTo('pending').notNull().check(sql`state IN ('pending', 'done')`))
        // HTTP status of the stored answer, once done
        .addColumn('status', integer)
        // the stored answer's body (the envelope, JSON), once done
        .addColumn('response', text)
        .addColumn('created_at', text, (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pkey', ['user_id', 'key']),
    ),
    index('idempotency_keys_created', 'idempotency_keys').columns(['created_at']).compile().sql,
    table('deposit_limits', (t) =>
      t
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('period', text, (c) => c.notNull().check(sql`period IN ('day', 'week', 'month')`))
        .addColumn('amount', integer, (c) => c.check(sql`amount IS NULL OR amount > 0`))
        .addColumn('pending_amount', integer, (c) => c.check(sql`pending_amount IS NULL OR pending_amount > 0`))
        .addColumn('pending_at', text)
        .addColumn('updated_at', text, (c) => c.notNull())
        .addPrimaryKeyConstraint('deposit_limits_pkey', ['user_id', 'period']),
    ),
    table('play_breaks', (t) =>
      t
        .addColumn('id', integer, id)
        .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
        .addColumn('kind', text, (c) => c.notNull().check(sql`kind IN ('cooloff', 'exclusion')`))
        .addColumn('since', text, (c) => c.notNull())
        .addColumn('until', text)
        .addColumn('source', text, (c) => c.notNull().check(sql`source IN ('player', 'ops')`))
        .addColumn('reason', text, (c) => c.defaultTo('').notNull())
        .addColumn('created_at', text, (c) => c.notNull()),
    ),
    index('play_breaks_user', 'play_breaks').columns(['user_id', 'id']).compile().sql,
    table('ledger_account_slots', (t) =>
      t
        .addColumn('code', text, (c) => c.notNull().references('ledger_accounts.code'))
        .addColumn('slot', integer, (c) => c.notNull().check(sql`slot >= 0 AND slot < 64`))
        .addColumn('balance', integer, (c) => c.defaultTo(0).notNull())
        .addColumn('point', integer, (c) => c.defaultTo(0).notNull())
        .addPrimaryKeyConstraint('ledger_account_slots_pkey', ['code', 'slot']),
    ),
    // The rows the chain inserts (0006, 0014, 0052).
    'INSERT INTO game_catalog_version (id, version) VALUES (1, 0)',
    `INSERT INTO ledger_accounts (code, name) VALUES
      ('house', 'The house: operator adjustments'),
      ('gateway', 'The payment gateway: deposits paid in'),
      ('payout', 'The payout gateway: withdrawals paid out'),
      ('provider', 'The game provider: bets, wins, cancelled bets'),
      ('promotions', 'Promotions: deposit bonuses, rewards, rebates, points, the mall')`,
    `WITH RECURSIVE slots (slot) AS (SELECT 0 UNION ALL SELECT slot + 1 FROM slots WHERE slot < 63)
     INSERT INTO ledger_account_slots (code, slot) SELECT l.code, s.slot FROM ledger_accounts l CROSS JOIN slots s`,
    ...triggers(perEngine),
  ];
}

/** The catalog's tables and the changes that bump its version: trigger `<table>_<change>` for each. */
const CATALOG_CHANGES = ['games', 'providers'].flatMap((table) =>
  (['INSERT', 'UPDATE', 'DELETE'] as const).map((event) => ({
    name: `${table}_${{ INSERT: 'inserted', UPDATE: 'updated', DELETE: 'deleted' }[event]}`,
    event,
    table,
  })),
);

/**
 * The triggers, which the builder cannot say, per engine side by side: SQLite's with their statements in
 * their bodies, PostgreSQL's calling a PL/pgSQL function (one per behaviour); both act once per row.
 */
function triggers(perEngine: Dialect['perEngine']): string[] {
  return perEngine({
    sqlite: [
      // 0006: any change to games or providers bumps the catalog version (clients refetch the catalog).
      ...CATALOG_CHANGES.map(
        ({ name, event, table }) => `CREATE TRIGGER ${name} AFTER ${event} ON ${table} BEGIN
          UPDATE game_catalog_version SET version = version + 1;
        END`,
      ),
      // 0023: ops_audit is append-only.
      ...(['UPDATE', 'DELETE'] as const).map(
        (event) => `CREATE TRIGGER ops_audit_no_${event.toLowerCase()} BEFORE ${event} ON ops_audit BEGIN
          SELECT RAISE(ABORT, 'ops_audit is append-only');
        END`,
      ),
      // 0045: each player's count of open wagering requirements, kept in the same transaction as the rows.
      `CREATE TRIGGER wagering_open_insert AFTER INSERT ON wagering_requirements WHEN NEW.state = 'open' BEGIN
        UPDATE account_counters SET wagering_open = wagering_open + 1 WHERE user_id = NEW.user_id;
      END`,
      `CREATE TRIGGER wagering_open_update AFTER UPDATE OF state, user_id ON wagering_requirements
        WHEN (OLD.state = 'open') IS NOT (NEW.state = 'open') OR (OLD.state = 'open' AND OLD.user_id != NEW.user_id)
      BEGIN
        UPDATE account_counters SET wagering_open = wagering_open - 1 WHERE user_id = OLD.user_id AND OLD.state = 'open';
        UPDATE account_counters SET wagering_open = wagering_open + 1 WHERE user_id = NEW.user_id AND NEW.state = 'open';
      END`,
      `CREATE TRIGGER wagering_open_delete AFTER DELETE ON wagering_requirements WHEN OLD.state = 'open' BEGIN
        UPDATE account_counters SET wagering_open = wagering_open - 1 WHERE user_id = OLD.user_id;
      END`,
    ],
    postgres: [
      `CREATE FUNCTION game_catalog_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE game_catalog_version SET version = version + 1;
        RETURN NULL;
      END;
      $$`,
      ...CATALOG_CHANGES.map(
        ({ name, event, table }) =>
          `CREATE TRIGGER ${name} AFTER ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION game_catalog_bump()`,
      ),
      // TRUNCATE is refused too (SQLite has none; a reset drops the database).
      `CREATE FUNCTION ops_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'ops_audit is append-only' USING ERRCODE = 'restrict_violation';
      END;
      $$`,
      ...(['UPDATE', 'DELETE'] as const).map(
        (event) =>
          `CREATE TRIGGER ops_audit_no_${event.toLowerCase()} BEFORE ${event} ON ops_audit
           FOR EACH ROW EXECUTE FUNCTION ops_audit_append_only()`,
      ),
      `CREATE TRIGGER ops_audit_no_truncate BEFORE TRUNCATE ON ops_audit
       FOR EACH STATEMENT EXECUTE FUNCTION ops_audit_append_only()`,
      // SQLite's three wagering triggers as one function.
      `CREATE FUNCTION wagering_open_count() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.state = 'open' THEN
          UPDATE account_counters SET wagering_open = wagering_open - 1 WHERE user_id = OLD.user_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.state = 'open' THEN
          UPDATE account_counters SET wagering_open = wagering_open + 1 WHERE user_id = NEW.user_id;
        END IF;
        RETURN NULL;
      END;
      $$`,
      `CREATE TRIGGER wagering_open_insert AFTER INSERT ON wagering_requirements
       FOR EACH ROW WHEN (NEW.state = 'open') EXECUTE FUNCTION wagering_open_count()`,
      `CREATE TRIGGER wagering_open_update AFTER UPDATE OF state, user_id ON wagering_requirements
       FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.user_id IS DISTINCT FROM NEW.user_id)
       EXECUTE FUNCTION wagering_open_count()`,
      `CREATE TRIGGER wagering_open_delete AFTER DELETE ON wagering_requirements
       FOR EACH ROW WHEN (OLD.state = 'open') EXECUTE FUNCTION wagering_open_count()`,
    ],
  });
}

export const baseline: SchemaMigration = {
  version: 52,
  name: '0052_baseline',
  standsFor: BASELINE_STANDS_FOR.map((name) => ({ version: Number(name.slice(0, 4)), name })),
  up: statements,
};
