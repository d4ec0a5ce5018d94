import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../../shared/messages';
import { type Db, SEEDS_DIR } from '../../db/database';
import { createConfigRepo } from './repo';
import { CONTACT_KEYS, DOCUMENT, SETTING } from './service';

/** A text in each language; the default language (en-US) is required, the others fall back to it. */
const localized = z.strictObject({
  'en-US': z.string().trim().min(1),
  'vi-VN': z.string().trim().min(1).optional(),
});
type Localized = z.infer<typeof localized>;

const clientRoute = z.string().regex(/^\/[A-Za-z0-9/_-]*$/, 'a client route such as /vip');
const httpUrl = z.url({ protocol: /^https?$/ });

const configSeed = z.strictObject({
  contacts: z.strictObject(
    Object.fromEntries(CONTACT_KEYS.map((key) => [key, z.string()])) as Record<
      (typeof CONTACT_KEYS)[number],
      z.ZodString
    >,
  ),
  privacyEmail: z.email(),
  app: z.strictObject({
    version: z.string().regex(/^\d+\.\d+\.\d+$/),
    versionCode: z.number().int().positive(),
    downloadUrl: z.string().min(1),
  }),
  brand: z.strictObject({
    name: z.string().min(1),
    logoUrl: z.string().min(1),
    primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    licenceText: localized,
  }),
  fbPixelId: z.string(),
});

const uniqueIds = <T extends { id: number }>(items: T[]) => new Set(items.map((i) => i.id)).size === items.length;

const faqSeed = z
  .array(
    z.strictObject({ id: z.number().int().positive(), category: localized, question: localized, answer: localized }),
  )
  .refine(uniqueIds, 'FAQ ids must be unique');

const bannerSeed = z
  .array(
    z
      .strictObject({
        id: z.number().int().positive(),
        link: z.string(),
        linkType: z.enum(['route', 'url', 'none']),
        title: localized,
        imageUrl: localized,
      })
      .refine(
        (b) =>
          (b.linkType === 'route' && clientRoute.safeParse(b.link).success) ||
          (b.linkType === 'url' && httpUrl.safeParse(b.link).success) ||
          (b.linkType === 'none' && b.link === ''),
        'link does not match linkType',
      ),
  )
  .refine(uniqueIds, 'banner ids must be unique');

const noticeSeed = z
  .array(
    z.strictObject({
      id: z.number().int().positive(),
      publishedAt: z.iso.datetime(),
      title: localized,
      content: localized,
    }),
  )
  .refine(uniqueIds, 'notice ids must be unique');

/** Document slug -> file name stem in db/seeds/documents (`<stem>.<lang>.md`). */
const DOCUMENT_FILES = {
  [DOCUMENT.privacyPolicy]: 'privacy-policy',
  [DOCUMENT.termsOfUse]: 'terms-of-use',
} as const;

function readJson<S extends z.ZodType>(file: string, schema: S): z.output<S> {
  const path = join(SEEDS_DIR, file);
  const parsed = schema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`Bad seed file ${path}:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

function readDocument(stem: string) {
  const bodies = LANGUAGES.flatMap((lang) => {
    const path = join(SEEDS_DIR, 'documents', `${stem}.${lang}.md`);
    return existsSync(path) ? [{ lang, body: readFileSync(path, 'utf8').trim() }] : [];
  });
  if (!bodies.some((b) => b.lang === DEFAULT_LANGUAGE && b.body)) {
    throw new Error(`Missing seed document db/seeds/documents/${stem}.${DEFAULT_LANGUAGE}.md`);
  }
  return bodies;
}

/** The texts of one localized field, one entry per language present. */
const langs = (text: Localized) =>
  LANGUAGES.flatMap((lang) => (text[lang] === undefined ? [] : [{ lang, text: text[lang] as string }]));

/** Every language any of these fields has, with each field in that language (or the default's text). */
function perLanguage<K extends string>(fields: Record<K, Localized>) {
  const present = new Set(Object.values<Localized>(fields).flatMap((f) => langs(f).map((l) => l.lang)));
  return LANGUAGES.filter((lang) => present.has(lang)).map((lang) => {
    const texts = Object.fromEntries(
      Object.entries<Localized>(fields).map(([key, f]) => [key, f[lang] ?? f[DEFAULT_LANGUAGE]]),
    ) as Record<K, string>;
    return { lang, ...texts };
  });
}

function readSeeds() {
  return {
    config: readJson('config.json', configSeed),
    faq: readJson('faq.json', faqSeed),
    banners: readJson('banners.json', bannerSeed),
    notices: readJson('notices.json', noticeSeed),
    documents: Object.entries(DOCUMENT_FILES).map(([slug, stem]) => ({ slug, bodies: readDocument(stem) })),
  };
}

let cached: ReturnType<typeof readSeeds> | undefined;

/**
 * Writes db/seeds/{config,faq,banners,notices}.json and db/seeds/documents/*.md.
 * Settings (contacts, app version, brand, pixel id) are written once, when the key is new, so a value an
 * operator changed survives a restart. Documents, FAQ, banners and notices follow the seed files exactly
 * (rows no longer in a file are removed). Unchanged rows are not written, so a second run changes nothing.
 */
export async function seedConfig(db: Db): Promise<void> {
  cached ??= readSeeds();
  const { config, faq, banners, notices, documents } = cached;
  const repo = createConfigRepo(db);

  const settings: Record<string, string> = {
    ...config.contacts,
    [SETTING.appVersion]: config.app.version,
    [SETTING.appVersionCode]: String(config.app.versionCode),
    [SETTING.appDownloadUrl]: config.app.downloadUrl,
    [SETTING.brandName]: config.brand.name,
    [SETTING.brandLogoUrl]: config.brand.logoUrl,
    [SETTING.brandPrimaryColor]: config.brand.primaryColor,
    [SETTING.privacyEmail]: config.privacyEmail,
    [SETTING.fbPixelId]: config.fbPixelId,
  };
  for (const [key, value] of Object.entries(settings)) await repo.insertSetting(key, value);

  for (const { slug, bodies } of documents) await repo.upsertDocument(slug, bodies);
  await repo.upsertDocument(
    DOCUMENT.licenceText,
    langs(config.brand.licenceText).map(({ lang, text }) => ({ lang, body: text })),
  );

  await repo.replaceFaq(
    faq.map((item, index) => ({
      id: item.id,
      sortOrder: index + 1,
      texts: perLanguage({ category: item.category, question: item.question, answer: item.answer }),
    })),
  );
  await repo.replaceBanners(
    banners.map((banner, index) => ({
      id: banner.id,
      sortOrder: index + 1,
      link: banner.link,
      linkType: banner.linkType,
      texts: perLanguage({ title: banner.title, imageUrl: banner.imageUrl }),
    })),
  );
  await repo.replaceNotices(
    notices.map((notice) => ({
      id: notice.id,
      publishedAt: new Date(notice.publishedAt).toISOString(),
      texts: perLanguage({ title: notice.title, content: notice.content }),
    })),
  );
}
