import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {
  AppConfig,
  appVersion,
  bannerSchema,
  faqItemSchema,
  fbEventSchema,
  fbEvents,
  noticeSchema,
} from '../../../../shared/contract/config';
import { DEFAULT_LANGUAGE, type Language } from '../../../../shared/messages';
import { toCentavos, toPesos } from '../../../../shared/money';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { EventBus } from '../../plugins/events';
import { createConfigRepo } from './repo';

/** The support contacts of spec section 3, stored under these exact keys. */
export const CONTACT_KEYS = [
  'cs_facebook',
  'cs_telegram',
  'cs_online',
  'ps_facebook',
  'ps_telegram',
  'ps_online',
  'download_page',
] as const;

/** Keys of app_config besides the contacts. Texts may name any key as `{{key}}` (see `fill`). */
export const SETTING = {
  appVersion: 'app_version',
  appVersionCode: 'app_version_code',
  appDownloadUrl: 'app_download_url',
  brandName: 'brand_name',
  brandLogoUrl: 'brand_logo_url',
  brandPrimaryColor: 'brand_primary_color',
  privacyEmail: 'privacy_email',
  fbPixelId: 'fb_pixel_id',
} as const;

/** Per-language texts in the documents table. */
export const DOCUMENT = {
  privacyPolicy: 'privacy_policy',
  termsOfUse: 'terms_of_use',
  licenceText: 'licence_text',
} as const;

export const FB_EVENT = {
  completeRegistration: 'CompleteRegistration',
  purchase: 'Purchase',
} as const;

const CURRENCY = 'PHP';
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

type FbEvent = z.infer<typeof fbEventSchema>;

/** `{{brand_name}}` and other app_config keys inside seeded texts, so a rebrand needs no text edits. */
const fill = (text: string, settings: Record<string, string>) =>
  text.replace(PLACEHOLDER, (whole, key: string) => settings[key] ?? whole);

export function createConfigService(deps: { db: Db; clock: Clock; log: FastifyBaseLogger }) {
  const { clock } = deps;
  const repo = createConfigRepo(deps.db);
  const pick = (lang: Language) => ({ lang, fallback: DEFAULT_LANGUAGE });

  /** One setting's value, '' when it is not set. */
  const value = async (key: string) => (await repo.setting(key)) ?? '';

  async function queueFbEvent(userId: number, name: string, valuePesos?: number) {
    const hasValue = valuePesos !== undefined;
    await repo.insertFbEvent({
      userId,
      name,
      valueCentavos: hasValue ? toCentavos(valuePesos) : null,
      currency: hasValue ? CURRENCY : null,
      now: clock.iso(),
    });
  }

  /** The player's pending pixel events, oldest first; from now on they count as delivered. */
  /**
   * Marks the player's pending pixel events delivered and answers them. `pending` is whether the caller saw
   * one waiting (GET /api/balance reads it in its one statement): false answers none without a statement,
   * as the check here would (an event queued after that read is delivered by the next one).
   */
  async function takeFbEvents(userId: number, pending?: boolean): Promise<FbEvent[]> {
    return (await repo.takeFbEvents(userId, () => clock.iso(), pending))
      .sort((a, b) => a.id - b.id)
      .map((row) =>
        row.value_centavos === null
          ? { name: row.name }
          : { name: row.name, value: toPesos(row.value_centavos), currency: row.currency ?? CURRENCY },
      );
  }

  return {
    value,

    async config(lang: Language): Promise<AppConfig> {
      const settings = await repo.settings();
      const text = async (slug: string) => fill((await repo.document(slug, pick(lang))) ?? '', settings);
      const contacts = Object.fromEntries(CONTACT_KEYS.map((key) => [key, settings[key] ?? '']));
      return {
        ...(contacts as Record<(typeof CONTACT_KEYS)[number], string>),
        privacy_policy: await text(DOCUMENT.privacyPolicy),
        terms_of_use: await text(DOCUMENT.termsOfUse),
        brand: {
          name: settings[SETTING.brandName] ?? '',
          logoUrl: settings[SETTING.brandLogoUrl] ?? '',
          licenceText: await text(DOCUMENT.licenceText),
          primaryColor: settings[SETTING.brandPrimaryColor] ?? '',
        },
      };
    },

    async version(): Promise<z.infer<typeof appVersion.data>> {
      const settings = await repo.settings();
      return {
        version: settings[SETTING.appVersion] ?? '',
        versionCode: Number.parseInt(settings[SETTING.appVersionCode] ?? '0', 10) || 0,
        downloadUrl: settings[SETTING.appDownloadUrl] ?? '',
      };
    },

    async faq(lang: Language): Promise<z.infer<typeof faqItemSchema>[]> {
      const settings = await repo.settings();
      return (await repo.faq(pick(lang))).map((row) => ({
        id: row.id,
        category: row.category,
        question: fill(row.question, settings),
        answer: fill(row.answer, settings),
      }));
    },

    async banners(lang: Language): Promise<z.infer<typeof bannerSchema>[]> {
      return (await repo.banners(pick(lang))).map((row) => ({
        id: row.id,
        imageUrl: row.image_url,
        title: row.title,
        link: row.link,
        linkType: row.link_type,
      }));
    },

    /** Published notices (published_at reached on the virtual clock), newest first. */
    async notices(lang: Language): Promise<z.infer<typeof noticeSchema>[]> {
      const settings = await repo.settings();
      return (await repo.notices(pick(lang), clock.iso())).map((row) => ({
        id: row.id,
        title: fill(row.title, settings),
        content: fill(row.content, settings),
        publishedAt: row.published_at,
      }));
    },

    queueFbEvent,
    takeFbEvents,

    fbEvents: async (userId: number): Promise<z.infer<typeof fbEvents.data>> => ({
      pixelId: await value(SETTING.fbPixelId),
      events: await takeFbEvents(userId),
    }),

    /**
     * Pixel events other domains announce on the bus: a completed sign-up (not a guest account)
     * queues CompleteRegistration, a first deposit queues Purchase with its amount. A failure here is logged and never fails the registration.
     */
    subscribe(events: EventBus, users: { isGuest: (userId: number) => Promise<boolean> }) {
      events.on('user.registered', ({ userId }) => {
        return (async () => {
          if (!(await users.isGuest(userId))) await queueFbEvent(userId, FB_EVENT.completeRegistration);
        })().catch((err) => deps.log.error({ err, userId }, 'could not queue the CompleteRegistration pixel event'));
      });
      events.on('deposit.succeeded', ({ userId, amount, first }) => {
        if (!first) return;
        return queueFbEvent(userId, FB_EVENT.purchase, toPesos(amount)).catch((err) =>
          deps.log.error({ err, userId }, 'could not queue the Purchase pixel event'),
        );
      });
    },
  };
}

export type ConfigService = ReturnType<typeof createConfigService>;
