import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import type { AppConfig } from '../../../../shared/contract/config';
import { configEndpoints } from '../../../../shared/contract/config';
import { SEEDS_DIR } from '../../db/database';
import { registerPlayer, TEST_NOW, TestClient, testApp } from '../../test/helpers';
import { seedConfig } from './seed';

type Faq = { id: number; question: string; answer: string; category: string }[];
type Banners = { id: number; imageUrl: string; title: string; link: string; linkType: string }[];
type Notices = { id: number; title: string; content: string; publishedAt: string }[];
type FbEvents = { pixelId: string; events: { name: string; value?: number; currency?: string }[] };
type Version = { version: string; versionCode: number; downloadUrl: string };

const seedFile = <T>(name: string) => JSON.parse(readFileSync(join(SEEDS_DIR, name), 'utf8')) as T;
const seededConfig = seedFile<{ contacts: Record<string, string>; brand: { name: string } }>('config.json');
const seededFaq = seedFile<{ id: number; question: Record<string, string> }[]>('faq.json');

const CONFIG_TABLES = [
  'app_config',
  'documents',
  'faq',
  'faq_texts',
  'banners',
  'banner_texts',
  'notices',
  'notice_texts',
  'fb_events',
];

let app: FastifyInstance;
let visitor: TestClient;
let vietnamese: TestClient;
beforeEach(async () => {
  app = await testApp();
  visitor = new TestClient(app);
  vietnamese = new TestClient(app, undefined, { language: 'vi-VN' });
});
afterEach(async () => {
  await app.close();
});

/** Every row of the config domain's tables, to compare before and after. */
const snapshot = async () => {
  const tables: Record<string, unknown[]> = {};
  for (const t of CONFIG_TABLES) tables[t] = await app.db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all();
  return tables;
};
const count = async (table: string) => (await app.db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get()) as number;
const setSetting = (key: string, value: string) =>
  app.db.prepare('UPDATE app_config SET value = ? WHERE key = ?').run(value, key);

async function data<T>(client: TestClient, url: string): Promise<T> {
  const answer = await client.get<T>(url);
  expect(answer.status).toBe(200);
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  expect(answer.body.code).toBe(Code.OK);
  return answer.body.data;
}

describe('GET /api/config/fetch', () => {
  it('answers the seeded contacts, the brand and both legal documents, without a session', async () => {
    const config = await data<AppConfig>(visitor, '/api/config/fetch');
    for (const [key, value] of Object.entries(seededConfig.contacts)) {
      expect(config[key as keyof AppConfig], key).toBe(value);
    }
    expect(config.cs_online).toBe('/livechat');
    expect(config.brand).toMatchObject({ name: 'Casino PH', logoUrl: '/static/brand/logo.svg' });
    expect(config.brand.primaryColor).toMatch(/^#[0-9a-f]{6}$/i);
    expect(config.brand.licenceText).toMatch(/^Casino PH is licensed/);

    expect(config.privacy_policy).toMatch(/^# Privacy Policy/);
    expect(config.privacy_policy).toContain('not for children under 13');
    expect(config.privacy_policy).toContain('**5 years**');
    expect(config.terms_of_use).toMatch(/^# Terms of Use/);
    for (const rule of ['at least 21 years old', 'One account per person', 'One device at a time', 'within 7 days']) {
      expect(config.terms_of_use).toContain(rule);
    }
    expect(config.terms_of_use).toContain('funds of an ineligible player are forfeited');
    expect(config.terms_of_use.split('\n## ').length - 1).toBeGreaterThanOrEqual(10);
    // Placeholders are filled from app_config.
    for (const text of [config.privacy_policy, config.terms_of_use, config.brand.licenceText]) {
      expect(text).not.toContain('{{');
    }
    expect(config.privacy_policy).toContain('privacy@casinoph.example');
    expect(config.terms_of_use).toContain(`Telegram (${seededConfig.contacts.cs_telegram})`);
  });

  it('answers Vietnamese documents for language vi-VN, the same contacts and brand', async () => {
    const english = await data<AppConfig>(visitor, '/api/config/fetch');
    const config = await data<AppConfig>(vietnamese, '/api/config/fetch');
    expect(config.privacy_policy).toMatch(/^# Chính sách quyền riêng tư/);
    expect(config.privacy_policy).toContain('không dành cho trẻ em dưới 13 tuổi');
    expect(config.terms_of_use).toMatch(/^# Điều khoản sử dụng/);
    expect(config.terms_of_use).toContain('từ 21 tuổi trở lên');
    expect(config.brand.licenceText).toContain('Chỉ dành cho người chơi từ 21 tuổi');
    expect(config.brand.name).toBe(english.brand.name);
    expect(config.cs_telegram).toBe(english.cs_telegram);
  });

  it('answers en-US for an unknown language and when a document has no translation', async () => {
    const english = await data<AppConfig>(visitor, '/api/config/fetch');
    const other = await data<AppConfig>(new TestClient(app, undefined, { language: 'fr-FR' }), '/api/config/fetch');
    expect(other.terms_of_use).toBe(english.terms_of_use);

    await app.db.prepare("DELETE FROM documents WHERE slug = 'privacy_policy' AND lang = 'vi-VN'").run();
    const config = await data<AppConfig>(vietnamese, '/api/config/fetch');
    expect(config.privacy_policy).toBe(english.privacy_policy);
    expect(config.terms_of_use).toMatch(/^# Điều khoản sử dụng/);
  });

  it('reads the stored settings, so a rebrand reaches the brand and every text naming it', async () => {
    await setSetting('brand_name', 'Lucky Bay');
    await setSetting('cs_telegram', 'https://t.me/luckybay_help');
    const config = await data<AppConfig>(visitor, '/api/config/fetch');
    expect(config.brand.name).toBe('Lucky Bay');
    expect(config.cs_telegram).toBe('https://t.me/luckybay_help');
    expect(config.terms_of_use).toContain('between you and Lucky Bay');
    expect(config.terms_of_use).toContain('Telegram (https://t.me/luckybay_help)');
    expect(config.terms_of_use).not.toContain('Casino PH');
    expect(config.brand.licenceText).toMatch(/^Lucky Bay is licensed/);
  });

  it('serves the brand logo it names', async () => {
    const config = await data<AppConfig>(visitor, '/api/config/fetch');
    const logo = await app.inject({ method: 'GET', url: config.brand.logoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(logo.body).toContain('<svg');
  });
});

describe('GET /api/app/version', () => {
  it('answers the seeded version, versionCode and download URL', async () => {
    expect(await data<Version>(visitor, '/api/app/version')).toEqual({
      version: '1.0.0',
      versionCode: 100,
      downloadUrl: 'https://casinoph.example/download/casino-ph-1.0.0.apk',
    });
  });

  it('follows a new release stored in app_config', async () => {
    await setSetting('app_version', '1.1.0');
    await setSetting('app_version_code', '110');
    expect(await data<Version>(visitor, '/api/app/version')).toMatchObject({ version: '1.1.0', versionCode: 110 });
  });
});

describe('GET /api/app/faq', () => {
  it('answers at least 12 questions in the seed order, each complete', async () => {
    const faq = await data<Faq>(visitor, '/api/app/faq');
    expect(faq.length).toBeGreaterThanOrEqual(12);
    expect(faq.map((f) => f.id)).toEqual(seededFaq.map((f) => f.id));
    expect(faq.map((f) => f.question)).toEqual(seededFaq.map((f) => f.question['en-US']));
    for (const item of faq) {
      expect(item.question.trim().length, `question ${item.id}`).toBeGreaterThan(5);
      expect(item.answer.trim().length, `answer ${item.id}`).toBeGreaterThan(40);
      expect(item.category).not.toBe('');
    }
    const text = faq.map((f) => `${f.question} ${f.answer}`).join('\n');
    for (const topic of ['500 pesos', '100 pesos', 'transaction password', 'VIP', '250,000', 'within 7 days']) {
      expect(text, topic).toContain(topic);
    }
  });

  it('answers Vietnamese for vi-VN, falling back to English for an untranslated item', async () => {
    const english = await data<Faq>(visitor, '/api/app/faq');
    const faq = await data<Faq>(vietnamese, '/api/app/faq');
    expect(faq.map((f) => f.id)).toEqual(english.map((f) => f.id));
    expect(faq[0]?.question).toBe('Làm thế nào để tạo tài khoản?');
    expect(faq[0]?.category).toBe('Tài khoản');
    faq.forEach((item, i) => {
      expect(item.question, `question ${item.id}`).not.toBe(english[i]?.question);
      expect(item.answer, `answer ${item.id}`).not.toBe(english[i]?.answer);
    });

    const first = english[0]!;
    await app.db.prepare("DELETE FROM faq_texts WHERE faq_id = ? AND lang = 'vi-VN'").run(first.id);
    const partial = await data<Faq>(vietnamese, '/api/app/faq');
    expect(partial[0]).toEqual(first);
    expect(partial[1]?.question).toBe(faq[1]?.question);
  });
});

describe('GET /api/open/banner/info', () => {
  it('answers 4 banners linking to client routes, whose images the server serves', async () => {
    const banners = await data<Banners>(visitor, '/api/open/banner/info');
    expect(banners.map((b) => b.link)).toEqual(['/finance/recharge', '/vip', '/pokerCollection', '/inviteRank']);
    for (const banner of banners) {
      expect(banner.linkType).toBe('route');
      expect(banner.title).not.toBe('');
      const image = await app.inject({ method: 'GET', url: banner.imageUrl });
      expect(image.statusCode, banner.imageUrl).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(image.body).toContain('viewBox="0 0 750 300"');
    }
  });

  it('answers Vietnamese titles and images for vi-VN', async () => {
    const english = await data<Banners>(visitor, '/api/open/banner/info');
    const banners = await data<Banners>(vietnamese, '/api/open/banner/info');
    expect(banners.map((b) => b.link)).toEqual(english.map((b) => b.link));
    expect(banners[2]?.title).toBe('Sưu tập đủ bộ bài, thắng 250.000');
    banners.forEach((banner, i) => {
      expect(banner.title).not.toBe(english[i]?.title);
      expect(banner.imageUrl).toMatch(/\.vi-VN\.svg$/);
    });
    const image = await app.inject({ method: 'GET', url: banners[0]!.imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.body).toContain('Nạp lần đầu');
  });
});

describe('GET /api/open/notice/info', () => {
  it('answers the 3 notices newest first, with the brand filled in', async () => {
    const notices = await data<Notices>(visitor, '/api/open/notice/info');
    expect(notices.map((n) => n.id)).toEqual([3, 2, 1]);
    const times = notices.map((n) => Date.parse(n.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(notices[2]?.title).toBe('Welcome to Casino PH');
    expect(notices.every((n) => n.content.length > 40 && !n.content.includes('{{'))).toBe(true);
  });

  it('answers Vietnamese for vi-VN', async () => {
    const notices = await data<Notices>(vietnamese, '/api/open/notice/info');
    expect(notices.map((n) => n.title)).toEqual([
      'Sự kiện sưu tập bài poker đã bắt đầu',
      'Bảo vệ tài khoản của bạn',
      'Chào mừng bạn đến với Casino PH',
    ]);
  });

  it('shows a notice only once the virtual clock reaches its publication time', async () => {
    const at = new Date(TEST_NOW.getTime() + 3_600_000).toISOString();
    await app.db.prepare('INSERT INTO notices (id, published_at) VALUES (50, ?)').run(at);
    await app.db
      .prepare("INSERT INTO notice_texts (notice_id, lang, title, content) VALUES (50, 'en-US', 'Soon', 'Later')")
      .run();
    expect((await data<Notices>(visitor, '/api/open/notice/info')).map((n) => n.id)).toEqual([3, 2, 1]);
    app.clock.advance(3_600_000);
    const notices = await data<Notices>(vietnamese, '/api/open/notice/info');
    expect(notices[0]).toEqual({ id: 50, title: 'Soon', content: 'Later', publishedAt: at });
  });
});

describe('GET /api/fb/event/fetch', () => {
  it('delivers CompleteRegistration to a new player once', async () => {
    const { client } = await registerPlayer(app);
    expect(await data<FbEvents>(client, '/api/fb/event/fetch')).toEqual({
      pixelId: '',
      events: [{ name: 'CompleteRegistration' }],
    });
    expect(await data<FbEvents>(client, '/api/fb/event/fetch')).toEqual({ pixelId: '', events: [] });
    expect(await count('fb_events')).toBe(1);
    expect(await app.db.prepare('SELECT delivered_at FROM fb_events').pluck().get()).toBe(TEST_NOW.toISOString());
  });

  it('delivers queued events oldest first with their peso value, only to their own player', async () => {
    const alice = await registerPlayer(app);
    const bob = await registerPlayer(app);
    const aliceId = (await app.services.users.byUid(alice.info.uid))!.id;
    await app.services.config.queueFbEvent(aliceId, 'Purchase', 500.5);
    await app.services.config.queueFbEvent(aliceId, 'Lead');
    await setSetting('fb_pixel_id', '123456789012345');

    expect(await data<FbEvents>(alice.client, '/api/fb/event/fetch')).toEqual({
      pixelId: '123456789012345',
      events: [{ name: 'CompleteRegistration' }, { name: 'Purchase', value: 500.5, currency: 'PHP' }, { name: 'Lead' }],
    });
    expect((await data<FbEvents>(bob.client, '/api/fb/event/fetch')).events).toEqual([
      { name: 'CompleteRegistration' },
    ]);
    expect((await data<FbEvents>(alice.client, '/api/fb/event/fetch')).events).toEqual([]);
  });

  it('queues nothing for a guest account', async () => {
    const guest = new TestClient(app);
    const login = await guest.post('/api/user/guest/login');
    expect(login.body.success, JSON.stringify(login.body)).toBe(true);
    expect((await data<FbEvents>(guest, '/api/fb/event/fetch')).events).toEqual([]);
    expect(await count('fb_events')).toBe(0);
  });

  it('answers 20002 without a session and delivers nothing', async () => {
    await registerPlayer(app);
    const answer = await visitor.get('/api/fb/event/fetch');
    expect(answer.body).toMatchObject({ success: false, code: Code.SESSION_INVALID });
    expect(await app.db.prepare('SELECT COUNT(*) FROM fb_events WHERE delivered_at IS NULL').pluck().get()).toBe(1);
  });
});

describe('GET /api/user/follow', () => {
  it('answers the ps_facebook setting', async () => {
    const { client } = await registerPlayer(app);
    expect(await data<string>(client, '/api/user/follow')).toBe(seededConfig.contacts.ps_facebook);
    await setSetting('ps_facebook', 'https://www.facebook.com/luckybay');
    expect(await data<string>(client, '/api/user/follow')).toBe('https://www.facebook.com/luckybay');
  });
});

describe('unknown query fields', () => {
  it.each(configEndpoints.map((e) => e.path))('%s refuses them with 10001 and changes nothing', async (path) => {
    const { client } = await registerPlayer(app);
    const before = await snapshot();
    const answer = await client.get(path, { foo: '1' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: false, code: Code.VALIDATION, data: [{ field: 'foo' }] });
    expect(await snapshot()).toEqual(before);
  });

  it('leave the pending pixel events pending', async () => {
    const { client } = await registerPlayer(app);
    const refused = await client.get('/api/fb/event/fetch', { _: '1700000000000' });
    expect(refused.body.code).toBe(Code.VALIDATION);
    expect((await data<FbEvents>(client, '/api/fb/event/fetch')).events).toEqual([{ name: 'CompleteRegistration' }]);
  });
});

describe('the config seed', () => {
  it('writes every seed file: settings, 2 documents x 2 languages, FAQ, banners and notices', async () => {
    expect(await count('faq')).toBe(seededFaq.length);
    expect(await count('faq_texts')).toBe(seededFaq.length * 2);
    expect(await count('banners')).toBe(4);
    expect(await count('banner_texts')).toBe(8);
    expect(await count('notices')).toBe(3);
    expect(await count('notice_texts')).toBe(6);
    expect(await count('documents')).toBe(6);
    const keys = await app.db.prepare('SELECT key FROM app_config').pluck().all();
    expect(keys).toEqual(expect.arrayContaining([...Object.keys(seededConfig.contacts), 'brand_name', 'fb_pixel_id']));
  });

  it('is idempotent: running it again writes no row and duplicates nothing', async () => {
    const before = await snapshot();
    const changes = async () => (await app.db.prepare('SELECT total_changes()').pluck().get()) as number;
    const start = await changes();
    await seedConfig(app.db);
    await seedConfig(app.db);
    expect(await changes()).toBe(start);
    await app.seed(app.db);
    await app.seed(app.db);
    expect(await snapshot()).toEqual(before);
  });

  it('restores seeded texts and removes rows no longer in the seed, but keeps changed settings', async () => {
    const before = await snapshot();
    await app.db.prepare("UPDATE faq_texts SET answer = 'changed' WHERE faq_id = 1 AND lang = 'en-US'").run();
    await app.db.prepare("UPDATE documents SET body = 'changed' WHERE slug = 'terms_of_use'").run();
    await app.db.prepare('INSERT INTO banners (id, sort_order, link, link_type) VALUES (99, 0, ?, ?)').run('', 'none');
    await app.db
      .prepare("INSERT INTO banner_texts (banner_id, lang, title, image_url) VALUES (99, 'en-US', 'Stray', '/x.svg')")
      .run();
    await app.db.prepare("DELETE FROM notice_texts WHERE notice_id = 2 AND lang = 'vi-VN'").run();
    await setSetting('brand_name', 'Lucky Bay');

    await app.seed(app.db);
    const after = await snapshot();
    expect({ ...after, app_config: before.app_config }).toEqual(before);
    expect(await app.services.config.value('brand_name')).toBe('Lucky Bay');
  });
});
