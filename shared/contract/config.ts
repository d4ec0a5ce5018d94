import { z } from 'zod';
import { empty, isoTime, pesos } from './common';
import { defineEndpoint } from './define';

/** A Facebook-pixel style event the client fires once (spec: fbEvent of the balance response). */
export const fbEventSchema = z.object({
  name: z.string().describe('Pixel event name, e.g. CompleteRegistration, Purchase'),
  value: pesos.optional().describe('Event value in pesos, e.g. a first deposit amount'),
  currency: z.string().optional().describe('ISO 4217 code, PHP'),
});

/** White-label brand settings (UI.md): an operator rebrands without code. */
export const brandSchema = z.object({
  name: z.string(),
  logoUrl: z.string().describe('URL of the logo (SVG by default), served by this server'),
  licenceText: z.string().describe('Licence line shown in the footer'),
  primaryColor: z.string().describe('CSS colour, e.g. #1f6feb'),
});

/** The config entity of spec section 3, keys exactly as the spec names them, plus the brand. */
export const configSchema = z.object({
  cs_facebook: z.string().describe('Customer service: Facebook link'),
  cs_telegram: z.string().describe('Customer service: Telegram link'),
  cs_online: z.string().describe('Customer service: online chat link (the livechat route)'),
  ps_facebook: z.string().describe('Support contact, ps set: Facebook link (e.g. the public page)'),
  ps_telegram: z.string().describe('Support contact, ps set: Telegram link (e.g. the channel)'),
  ps_online: z.string().describe('Support contact, ps set: online link'),
  download_page: z.string().describe('URL of the app download page'),
  privacy_policy: z.string().describe('The full privacy policy, markdown'),
  terms_of_use: z.string().describe('The full terms of use, markdown'),
  brand: brandSchema,
  devTools: z
    .boolean()
    .optional()
    .describe('true when the server runs in development mode with tester tools on: the client offers its dev panel'),
});
export type AppConfig = z.infer<typeof configSchema>;

export const configFetch = defineEndpoint({
  method: 'GET',
  path: '/api/config/fetch',
  access: 'open',
  quiet: true,
  summary: 'Support contacts, download page, legal documents and brand settings',
  query: empty,
  data: configSchema,
});

export const appVersion = defineEndpoint({
  method: 'GET',
  path: '/api/app/version',
  access: 'open',
  quiet: true,
  summary: 'The newest app version; the native wrapper asks to update when its versionCode is lower',
  query: empty,
  data: z.object({
    version: z.string().describe('Display version, e.g. 1.0.0'),
    versionCode: z.number().int().describe('Monotonic build number compared with the installed one'),
    downloadUrl: z.string(),
  }),
});

export const faqItemSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string().describe('Markdown'),
  category: z.string().describe('Group heading on the FAQ screen'),
});

export const faq = defineEndpoint({
  method: 'GET',
  path: '/api/app/faq',
  access: 'open',
  quiet: true,
  summary: 'Frequently asked questions, in the language of the request',
  query: empty,
  data: z.array(faqItemSchema),
});

export const bannerSchema = z.object({
  id: z.number().int(),
  imageUrl: z.string(),
  title: z.string(),
  link: z.string().describe('A client route (linkType route), a URL (linkType url) or empty (none)'),
  linkType: z.enum(['route', 'url', 'none']),
});

export const banners = defineEndpoint({
  method: 'GET',
  path: '/api/open/banner/info',
  access: 'open',
  quiet: true,
  summary: 'Lobby banners, in display order',
  query: empty,
  data: z.array(bannerSchema),
});

export const noticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string().describe('Markdown'),
  publishedAt: isoTime,
});

export const notices = defineEndpoint({
  method: 'GET',
  path: '/api/open/notice/info',
  access: 'open',
  quiet: true,
  summary: 'Notices, newest first (the client shows ones newer than its stored lastNoticeDate)',
  query: empty,
  data: z.array(noticeSchema),
});

export const fbEvents = defineEndpoint({
  method: 'GET',
  path: '/api/fb/event/fetch',
  access: 'user',
  summary: 'The pixel id and the pending pixel events of the player; fetching marks them as delivered',
  query: empty,
  data: z.object({
    pixelId: z.string().describe('Empty when no pixel is configured'),
    events: z.array(fbEventSchema),
  }),
});

export const configEndpoints = [configFetch, appVersion, faq, banners, notices, fbEvents] as const;
