import type { Db } from '../../db/database';

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

const json = (values: unknown[]) => JSON.stringify(values);

export function createConfigRepo(db: Db) {
  const setting = db.prepare('SELECT value FROM app_config WHERE key = ?').pluck();
  const settings = db.prepare('SELECT key, value FROM app_config').raw();
  const insertSetting = db.prepare('INSERT INTO app_config (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING');

  const document = db
    .prepare(
      `SELECT body FROM documents WHERE slug = @slug AND lang IN (@lang, @fallback)
       ORDER BY lang = @lang DESC LIMIT 1`,
    )
    .pluck();
  const upsertDocument = db.prepare(
    `INSERT INTO documents (slug, lang, body) VALUES (?, ?, ?)
     ON CONFLICT (slug, lang) DO UPDATE SET body = excluded.body WHERE documents.body IS DISTINCT FROM excluded.body`,
  );
  const pruneDocumentLangs = db.prepare(
    'DELETE FROM documents WHERE slug = ? AND lang NOT IN (SELECT value FROM json_each(?))',
  );

  const faq = db.prepare(
    `SELECT f.id, COALESCE(t.category, d.category) AS category, COALESCE(t.question, d.question) AS question,
       COALESCE(t.answer, d.answer) AS answer
     FROM faq f
     JOIN faq_texts d ON d.faq_id = f.id AND d.lang = @fallback
     LEFT JOIN faq_texts t ON t.faq_id = f.id AND t.lang = @lang
     ORDER BY f.sort_order, f.id`,
  );
  const upsertFaq = db.prepare(
    `INSERT INTO faq (id, sort_order) VALUES (?, ?)
     ON CONFLICT (id) DO UPDATE SET sort_order = excluded.sort_order WHERE faq.sort_order IS DISTINCT FROM excluded.sort_order`,
  );
  const upsertFaqText = db.prepare(
    `INSERT INTO faq_texts (faq_id, lang, category, question, answer) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (faq_id, lang) DO UPDATE SET category = excluded.category, question = excluded.question,
       answer = excluded.answer
     WHERE (faq_texts.category, faq_texts.question, faq_texts.answer) IS DISTINCT FROM (excluded.category, excluded.question, excluded.answer)`,
  );
  const pruneFaqTexts = db.prepare(
    'DELETE FROM faq_texts WHERE faq_id = ? AND lang NOT IN (SELECT value FROM json_each(?))',
  );
  const pruneFaq = db.prepare('DELETE FROM faq WHERE id NOT IN (SELECT CAST(value AS BIGINT) FROM json_each(?))');

  const banners = db.prepare(
    `SELECT b.id, COALESCE(t.title, d.title) AS title, COALESCE(t.image_url, d.image_url) AS image_url, b.link,
       b.link_type
     FROM banners b
     JOIN banner_texts d ON d.banner_id = b.id AND d.lang = @fallback
     LEFT JOIN banner_texts t ON t.banner_id = b.id AND t.lang = @lang
     ORDER BY b.sort_order, b.id`,
  );
  const upsertBanner = db.prepare(
    `INSERT INTO banners (id, sort_order, link, link_type) VALUES (?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET sort_order = excluded.sort_order, link = excluded.link,
       link_type = excluded.link_type
     WHERE (banners.sort_order, banners.link, banners.link_type) IS DISTINCT FROM (excluded.sort_order, excluded.link, excluded.link_type)`,
  );
  const upsertBannerText = db.prepare(
    `INSERT INTO banner_texts (banner_id, lang, title, image_url) VALUES (?, ?, ?, ?)
     ON CONFLICT (banner_id, lang) DO UPDATE SET title = excluded.title, image_url = excluded.image_url
     WHERE (banner_texts.title, banner_texts.image_url) IS DISTINCT FROM (excluded.title, excluded.image_url)`,
  );
  const pruneBannerTexts = db.prepare(
    'DELETE FROM banner_texts WHERE banner_id = ? AND lang NOT IN (SELECT value FROM json_each(?))',
  );
  const pruneBanners = db.prepare(
    'DELETE FROM banners WHERE id NOT IN (SELECT CAST(value AS BIGINT) FROM json_each(?))',
  );

  const notices = db.prepare(
    `SELECT n.id, COALESCE(t.title, d.title) AS title, COALESCE(t.content, d.content) AS content, n.published_at
     FROM notices n
     JOIN notice_texts d ON d.notice_id = n.id AND d.lang = @fallback
     LEFT JOIN notice_texts t ON t.notice_id = n.id AND t.lang = @lang
     WHERE n.published_at <= @now
     ORDER BY n.published_at DESC, n.id DESC`,
  );
  const upsertNotice = db.prepare(
    `INSERT INTO notices (id, published_at) VALUES (?, ?)
     ON CONFLICT (id) DO UPDATE SET published_at = excluded.published_at
     WHERE notices.published_at IS DISTINCT FROM excluded.published_at`,
  );
  const upsertNoticeText = db.prepare(
    `INSERT INTO notice_texts (notice_id, lang, title, content) VALUES (?, ?, ?, ?)
     ON CONFLICT (notice_id, lang) DO UPDATE SET title = excluded.title, content = excluded.content
     WHERE (notice_texts.title, notice_texts.content) IS DISTINCT FROM (excluded.title, excluded.content)`,
  );
  const pruneNoticeTexts = db.prepare(
    'DELETE FROM notice_texts WHERE notice_id = ? AND lang NOT IN (SELECT value FROM json_each(?))',
  );
  const pruneNotices = db.prepare(
    'DELETE FROM notices WHERE id NOT IN (SELECT CAST(value AS BIGINT) FROM json_each(?))',
  );

  const insertFbEvent = db.prepare(
    `INSERT INTO fb_events (user_id, name, value_centavos, currency, created_at)
     VALUES (@userId, @name, @valueCentavos, @currency, @now)
     RETURNING id`,
  );
  const hasPendingFbEvents = db
    .prepare(
      'SELECT CASE WHEN EXISTS (SELECT 1 FROM fb_events WHERE user_id = ? AND delivered_at IS NULL) THEN 1 ELSE 0 END',
    )
    .pluck();
  const takeFbEvents = db.prepare(
    `UPDATE fb_events SET delivered_at = ? WHERE user_id = ? AND delivered_at IS NULL
     RETURNING id, name, value_centavos, currency`,
  );

  return {
    setting: (key: string) => setting.get(key) as Promise<string | undefined>,
    settings: async () => Object.fromEntries((await settings.all()) as [string, string][]),
    /** Writes a setting only when the key is new: a stored value (an operator's) is kept. */
    insertSetting: (key: string, value: string) => insertSetting.run(key, value),

    document: (slug: string, pick: LangPick) => document.get({ slug, ...pick }) as Promise<string | undefined>,
    async upsertDocument(slug: string, bodies: { lang: string; body: string }[]) {
      for (const { lang, body } of bodies) await upsertDocument.run(slug, lang, body);
      await pruneDocumentLangs.run(slug, json(bodies.map((b) => b.lang)));
    },

    faq: (pick: LangPick) => faq.all(pick) as Promise<FaqRow[]>,
    /** Makes the FAQ exactly these rows: upserts them and deletes the others. */
    async replaceFaq(rows: FaqSeedRow[]) {
      for (const row of rows) {
        await upsertFaq.run(row.id, row.sortOrder);
        for (const t of row.texts) await upsertFaqText.run(row.id, t.lang, t.category, t.question, t.answer);
        await pruneFaqTexts.run(row.id, json(row.texts.map((t) => t.lang)));
      }
      await pruneFaq.run(json(rows.map((r) => r.id)));
    },

    banners: (pick: LangPick) => banners.all(pick) as Promise<BannerRow[]>,
    async replaceBanners(rows: BannerSeedRow[]) {
      for (const row of rows) {
        await upsertBanner.run(row.id, row.sortOrder, row.link, row.linkType);
        for (const t of row.texts) await upsertBannerText.run(row.id, t.lang, t.title, t.imageUrl);
        await pruneBannerTexts.run(row.id, json(row.texts.map((t) => t.lang)));
      }
      await pruneBanners.run(json(rows.map((r) => r.id)));
    },

    notices: (pick: LangPick, now: string) => notices.all({ ...pick, now }) as Promise<NoticeRow[]>,
    async replaceNotices(rows: NoticeSeedRow[]) {
      for (const row of rows) {
        await upsertNotice.run(row.id, row.publishedAt);
        for (const t of row.texts) await upsertNoticeText.run(row.id, t.lang, t.title, t.content);
        await pruneNoticeTexts.run(row.id, json(row.texts.map((t) => t.lang)));
      }
      await pruneNotices.run(json(rows.map((r) => r.id)));
    },

    insertFbEvent: async (event: NewFbEvent) => ((await insertFbEvent.get(event)) as { id: number }).id,
    /** Marks the player's pending events delivered and returns them, in one statement. */
    /** Marks the player's pending events delivered and returns them; a plain read when there are none. */
    takeFbEvents: async (userId: number, now: () => string) =>
      (await hasPendingFbEvents.get(userId)) === 1 ? ((await takeFbEvents.all(now(), userId)) as FbEventRow[]) : [],
  };
}

export type ConfigRepo = ReturnType<typeof createConfigRepo>;
