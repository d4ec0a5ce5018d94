import { oneOf, param, prepareQuery, sql } from '../../db/builder';
import type { DB } from '../../db/builder/tables';
import type { Db } from '../../db/database';

/** The languages texts are stored in (the tables' CHECK). */
type Lang = DB['documents']['lang'];

export interface FaqRow {
  id: number;
  category: string;
  question: string;
  answer: string;
}

export interface BannerRow {
  id: number;
  title: string;
  image_url: string;
  link: string;
  link_type: 'route' | 'url' | 'none';
}

export interface NoticeRow {
  id: number;
  title: string;
  content: string;
  published_at: string;
}

export interface FbEventRow {
  id: number;
  name: string;
  value_centavos: number | null;
  currency: string | null;
}

export interface NewFbEvent {
  userId: number;
  name: string;
  valueCentavos: number | null;
  currency: string | null;
  now: string;
}

/** Language and fallback of a read: a text row in `lang` wins, else the `fallback` row. */
export interface LangPick {
  lang: string;
  fallback: string;
}

/** Writes of the config seeder: seed files are the source of truth for these rows. */
export interface FaqSeedRow {
  id: number;
  sortOrder: number;
  texts: { lang: string; category: string; question: string; answer: string }[];
}
export interface BannerSeedRow {
  id: number;
  sortOrder: number;
  link: string;
  linkType: 'route' | 'url' | 'none';
  texts: { lang: string; title: string; imageUrl: string }[];
}
export interface NoticeSeedRow {
  id: number;
  publishedAt: string;
  texts: { lang: string; title: string; content: string }[];
}

export function createConfigRepo(db: Db) {
  const setting = prepareQuery(db, (b) =>
    b.selectFrom('app_config').select('value').where('key', '=', param<string>('key')),
  );
  const settings = prepareQuery(db, (b) => b.selectFrom('app_config').select(['key', 'value']));
  const insertSetting = prepareQuery(db, (b) =>
    b
      .insertInto('app_config')
      .values({ key: param<string>('key'), value: param<string>('value') })
      .onConflict((c) => c.doNothing()),
  );

  const document = prepareQuery(db, (b) =>
    b
      .selectFrom('documents')
      .select('body')
      .where('slug', '=', param<string>('slug'))
      .where('lang', 'in', [param<Lang>('lang'), param<Lang>('fallback')])
      .orderBy(sql`${sql.ref('lang')} = ${param<Lang>('lang')}`, 'desc')
      .limit(sql.lit(1)),
  );
  const upsertDocument = prepareQuery(db, (b) =>
    b
      .insertInto('documents')
      .values({ slug: param<string>('slug'), lang: param<Lang>('lang'), body: param<string>('body') })
      .onConflict((c) =>
        c
          .columns(['slug', 'lang'])
          .doUpdateSet((e) => ({ body: e.ref('excluded.body') }))
          .whereRef('documents.body', 'is distinct from', 'excluded.body'),
      ),
  );
  const pruneDocumentLangs = prepareQuery(db, (b, engine) =>
    b
      .deleteFrom('documents')
      .where('slug', '=', param<string>('slug'))
      .where((e) => e.not(oneOf(engine, 'lang', 'langs', 'text'))),
  );

  const faq = prepareQuery(db, (b) =>
    b
      .selectFrom('faq as f')
      .innerJoin('faq_texts as d', (j) => j.onRef('d.faq_id', '=', 'f.id').on('d.lang', '=', param<Lang>('fallback')))
      .leftJoin('faq_texts as t', (j) => j.onRef('t.faq_id', '=', 'f.id').on('t.lang', '=', param<Lang>('lang')))
      .select((e) => [
        'f.id',
        e.fn.coalesce('t.category', 'd.category').as('category'),
        e.fn.coalesce('t.question', 'd.question').as('question'),
        e.fn.coalesce('t.answer', 'd.answer').as('answer'),
      ])
      .orderBy('f.sort_order')
      .orderBy('f.id'),
  );
  const upsertFaq = prepareQuery(db, (b) =>
    b
      .insertInto('faq')
      .values({ id: param<number>('id'), sort_order: param<number>('sortOrder') })
      .onConflict((c) =>
        c
          .column('id')
          .doUpdateSet((e) => ({ sort_order: e.ref('excluded.sort_order') }))
          .whereRef('faq.sort_order', 'is distinct from', 'excluded.sort_order'),
      ),
  );
  const upsertFaqText = prepareQuery(db, (b) =>
    b
      .insertInto('faq_texts')
      .values({
        faq_id: param<number>('id'),
        lang: param<Lang>('lang'),
        category: param<string>('category'),
        question: param<string>('question'),
        answer: param<string>('answer'),
      })
      .onConflict((c) =>
        c
          .columns(['faq_id', 'lang'])
          .doUpdateSet((e) => ({
            category: e.ref('excluded.category'),
            question: e.ref('excluded.question'),
            answer: e.ref('excluded.answer'),
          }))
          .where((e) =>
            e(
              e.refTuple('faq_texts.category', 'faq_texts.question', 'faq_texts.answer'),
              'is distinct from',
              e.refTuple('excluded.category', 'excluded.question', 'excluded.answer'),
            ),
          ),
      ),
  );
  const pruneFaqTexts = prepareQuery(db, (b, engine) =>
    b
      .deleteFrom('faq_texts')
      .where('faq_id', '=', param<number>('id'))
      .where((e) => e.not(oneOf(engine, 'lang', 'langs', 'text'))),
  );
  const pruneFaq = prepareQuery(db, (b, engine) =>
    b.deleteFrom('faq').where((e) => e.not(oneOf(engine, 'id', 'ids', 'bigint'))),
  );

  const banners = prepareQuery(db, (b) =>
    b
      .selectFrom('banners as b')
      .innerJoin('banner_texts as d', (j) =>
        j.onRef('d.banner_id', '=', 'b.id').on('d.lang', '=', param<Lang>('fallback')),
      )
      .leftJoin('banner_texts as t', (j) => j.onRef('t.banner_id', '=', 'b.id').on('t.lang', '=', param<Lang>('lang')))
      .select((e) => [
        'b.id',
        e.fn.coalesce('t.title', 'd.title').as('title'),
        e.fn.coalesce('t.image_url', 'd.image_url').as('image_url'),
        'b.link',
        'b.link_type',
      ])
      .orderBy('b.sort_order')
      .orderBy('b.id')
      .$narrowType<{ link_type: BannerRow['link_type'] }>(),
  );
  const upsertBanner = prepareQuery(db, (b) =>
    b
      .insertInto('banners')
      .values({
        id: param<number>('id'),
        sort_order: param<number>('sortOrder'),
        link: param<string>('link'),
        link_type: param<DB['banners']['link_type']>('linkType'),
      })
      .onConflict((c) =>
        c
          .column('id')
          .doUpdateSet((e) => ({
            sort_order: e.ref('excluded.sort_order'),
            link: e.ref('excluded.link'),
            link_type: e.ref('excluded.link_type'),
          }))
          .where((e) =>
            e(
              e.refTuple('banners.sort_order', 'banners.link', 'banners.link_type'),
              'is distinct from',
              e.refTuple('excluded.sort_order', 'excluded.link', 'excluded.link_type'),
            ),
          ),
      ),
  );
  const upsertBannerText = prepareQuery(db, (b) =>
    b
      .insertInto('banner_texts')
      .values({
        banner_id: param<number>('id'),
        lang: param<Lang>('lang'),
        title: param<string>('title'),
        image_url: param<string>('imageUrl'),
      })
      .onConflict((c) =>
        c
          .columns(['banner_id', 'lang'])
          .doUpdateSet((e) => ({ title: e.ref('excluded.title'), image_url: e.ref('excluded.image_url') }))
          .where((e) =>
            e(
              e.refTuple('banner_texts.title', 'banner_texts.image_url'),
              'is distinct from',
              e.refTuple('excluded.title', 'excluded.image_url'),
            ),
          ),
      ),
  );
  const pruneBannerTexts = prepareQuery(db, (b, engine) =>
    b
      .deleteFrom('banner_texts')
      .where('banner_id', '=', param<number>('id'))
      .where((e) => e.not(oneOf(engine, 'lang', 'langs', 'text'))),
  );
  const pruneBanners = prepareQuery(db, (b, engine) =>
    b.deleteFrom('banners').where((e) => e.not(oneOf(engine, 'id', 'ids', 'bigint'))),
  );

  const notices = prepareQuery(db, (b) =>
    b
      .selectFrom('notices as n')
      .innerJoin('notice_texts as d', (j) =>
        j.onRef('d.notice_id', '=', 'n.id').on('d.lang', '=', param<Lang>('fallback')),
      )
      .leftJoin('notice_texts as t', (j) => j.onRef('t.notice_id', '=', 'n.id').on('t.lang', '=', param<Lang>('lang')))
      .select((e) => [
        'n.id',
        e.fn.coalesce('t.title', 'd.title').as('title'),
        e.fn.coalesce('t.content', 'd.content').as('content'),
        'n.published_at',
      ])
      .where('n.published_at', '<=', param<string>('now'))
      .orderBy('n.published_at', 'desc')
      .orderBy('n.id', 'desc'),
  );
  const upsertNotice = prepareQuery(db, (b) =>
    b
      .insertInto('notices')
      .values({ id: param<number>('id'), published_at: param<string>('publishedAt') })
      .onConflict((c) =>
        c
          .column('id')
          .doUpdateSet((e) => ({ published_at: e.ref('excluded.published_at') }))
          .whereRef('notices.published_at', 'is distinct from', 'excluded.published_at'),
      ),
  );
  const upsertNoticeText = prepareQuery(db, (b) =>
    b
      .insertInto('notice_texts')
      .values({
        notice_id: param<number>('id'),
        lang: param<Lang>('lang'),
        title: param<string>('title'),
        content: param<string>('content'),
      })
      .onConflict((c) =>
        c
          .columns(['notice_id', 'lang'])
          .doUpdateSet((e) => ({ title: e.ref('excluded.title'), content: e.ref('excluded.content') }))
          .where((e) =>
            e(
              e.refTuple('notice_texts.title', 'notice_texts.content'),
              'is distinct from',
              e.refTuple('excluded.title', 'excluded.content'),
            ),
          ),
      ),
  );
  const pruneNoticeTexts = prepareQuery(db, (b, engine) =>
    b
      .deleteFrom('notice_texts')
      .where('notice_id', '=', param<number>('id'))
      .where((e) => e.not(oneOf(engine, 'lang', 'langs', 'text'))),
  );
  const pruneNotices = prepareQuery(db, (b, engine) =>
    b.deleteFrom('notices').where((e) => e.not(oneOf(engine, 'id', 'ids', 'bigint'))),
  );

  const insertFbEvent = prepareQuery(db, (b) =>
    b
      .insertInto('fb_events')
      .values({
        user_id: param<number>('userId'),
        name: param<string>('name'),
        value_centavos: param<number | null>('valueCentavos'),
        currency: param<string | null>('currency'),
        created_at: param<string>('now'),
      })
      .returning('id'),
  );
  const hasPendingFbEvents = prepareQuery(db, (b) =>
    b.selectNoFrom((e) =>
      e
        .case()
        .when(
          e.exists(
            e
              .selectFrom('fb_events')
              .select(sql.lit(1).as('one'))
              .where('user_id', '=', param<number>('userId'))
              .where('delivered_at', 'is', null),
          ),
        )
        .then(sql.lit(1))
        .else(sql.lit(0))
        .end()
        .as('pending'),
    ),
  );
  const takeFbEvents = prepareQuery(db, (b) =>
    b
      .updateTable('fb_events')
      .set({ delivered_at: param<string>('now') })
      .where('user_id', '=', param<number>('userId'))
      .where('delivered_at', 'is', null)
      .returning(['id', 'name', 'value_centavos', 'currency']),
  );

  return {
    setting: async (key: string) => (await setting.get({ key }))?.value,
    settings: async () => Object.fromEntries((await settings.all()).map((row) => [row.key, row.value])),
    /** Writes a setting only when the key is new: a stored value (an operator's) is kept. */
    insertSetting: (key: string, value: string) => insertSetting.run({ key, value }),

    document: async (slug: string, pick: LangPick) => (await document.get({ slug, ...pick }))?.body,
    async upsertDocument(slug: string, bodies: { lang: string; body: string }[]) {
      for (const { lang, body } of bodies) await upsertDocument.run({ slug, lang, body });
      await pruneDocumentLangs.run({ slug, langs: bodies.map((b) => b.lang) });
    },

    faq: (pick: LangPick): Promise<FaqRow[]> => faq.all({ ...pick }),
    /** Makes the FAQ exactly these rows: upserts them and deletes the others. */
    async replaceFaq(rows: FaqSeedRow[]) {
      for (const row of rows) {
        await upsertFaq.run({ id: row.id, sortOrder: row.sortOrder });
        for (const t of row.texts) await upsertFaqText.run({ id: row.id, ...t });
        await pruneFaqTexts.run({ id: row.id, langs: row.texts.map((t) => t.lang) });
      }
      await pruneFaq.run({ ids: rows.map((r) => r.id) });
    },

    banners: (pick: LangPick): Promise<BannerRow[]> => banners.all({ ...pick }),
    async replaceBanners(rows: BannerSeedRow[]) {
      for (const row of rows) {
        await upsertBanner.run({ id: row.id, sortOrder: row.sortOrder, link: row.link, linkType: row.linkType });
        for (const t of row.texts) await upsertBannerText.run({ id: row.id, ...t });
        await pruneBannerTexts.run({ id: row.id, langs: row.texts.map((t) => t.lang) });
      }
      await pruneBanners.run({ ids: rows.map((r) => r.id) });
    },

    notices: (pick: LangPick, now: string): Promise<NoticeRow[]> => notices.all({ ...pick, now }),
    async replaceNotices(rows: NoticeSeedRow[]) {
      for (const row of rows) {
        await upsertNotice.run({ id: row.id, publishedAt: row.publishedAt });
        for (const t of row.texts) await upsertNoticeText.run({ id: row.id, ...t });
        await pruneNoticeTexts.run({ id: row.id, langs: row.texts.map((t) => t.lang) });
      }
      await pruneNotices.run({ ids: rows.map((r) => r.id) });
    },

    // RETURNING answers the row it inserted.
    insertFbEvent: async (event: NewFbEvent) => (await insertFbEvent.get({ ...event }))!.id,
    /**
     * Marks the player's pending events delivered and returns them; a plain read when there are none, and no
     * statement when the caller read that there are none (`pending` false).
     */
    takeFbEvents: async (userId: number, now: () => string, pending?: boolean): Promise<FbEventRow[]> =>
      (pending ?? (await hasPendingFbEvents.get({ userId }))?.pending === 1)
        ? takeFbEvents.all({ now: now(), userId })
        : [],
  };
}

export type ConfigRepo = ReturnType<typeof createConfigRepo>;
