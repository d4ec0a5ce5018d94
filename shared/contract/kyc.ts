import { z } from 'zod';
import { dateRule } from '../rule-schemas';
import { RuleMessage } from '../rules';
import { kycStatusSchema } from './account';
import { isoTime } from './common';
import { defineEndpoint } from './define';

/**
 * Identity verification (KYC), spec sections 1 and 6: players must be 21 or older and fully verified
 * within 7 days of registration or before their first withdrawal (not in spec section 7: the Security
 * centre's Personal Information needs it).
 */

/** Spec section 1: full verification within 7 days of registration, else the account is restricted. */
export const KYC_DEADLINE_DAYS = 7;

/** Philippine government IDs accepted, with the shape of their numbers (letters upper-cased, no spaces or dashes). */
export const KYC_ID_TYPES = {
  passport: { name: 'Philippine passport', pattern: /^[A-Z]{1,2}\d{6,7}[A-Z]?$/ },
  drivers_license: { name: "LTO driver's license", pattern: /^[A-Z]\d{10}$/ },
  umid: { name: 'UMID (CRN)', pattern: /^\d{12}$/ },
  philsys: { name: 'PhilSys national ID (PhilID)', pattern: /^\d{12}(\d{4})?$/ },
  prc: { name: 'PRC ID', pattern: /^\d{7}$/ },
  postal: { name: 'Postal ID', pattern: /^[A-Z0-9]{12}$/ },
  voters: { name: "Voter's ID (VIN)", pattern: /^[A-Z0-9]{15,25}$/ },
  sss: { name: 'SSS ID', pattern: /^\d{10}$/ },
} as const;
export type KycIdType = keyof typeof KYC_ID_TYPES;
export const kycIdTypeSchema = z.enum(Object.keys(KYC_ID_TYPES) as [KycIdType, ...KycIdType[]]);

/** How an ID number is stored and checked: upper case, without spaces and dashes. */
export const normalizeIdNumber = (text: string) => text.toUpperCase().replace(/[\s-]/g, '');

export const idNumberValid = (type: KycIdType, text: string) =>
  KYC_ID_TYPES[type].pattern.test(normalizeIdNumber(text));

const birthYearPlausible = (date: string) => Number(date.slice(-4)) >= 1900;

export const kycSubmissionSchema = z.object({
  realName: z.string().describe('Full name as on the ID; masked for the player (J*** D*** C***)'),
  birthDate: z.string().describe('MM/DD/YYYY; masked for the player (**/**/1990)'),
  idType: kycIdTypeSchema,
  idNumber: z.string().describe('Masked for the player except the last 4 characters'),
});

export const kycStateSchema = z.object({
  status: kycStatusSchema.describe(
    'unverified (nothing submitted), pending (waiting for review), verified or rejected',
  ),
  reason: z.string().describe('Why a submission was rejected, else empty'),
  submittedAt: isoTime.nullable(),
  decidedAt: isoTime.nullable(),
  deadline: isoTime.describe('Registration + 7 days: unverified by then, the account is restricted'),
  restricted: z.boolean().describe('Past the deadline without verification: withdrawals are refused'),
  submission: kycSubmissionSchema.nullable().describe('The latest submission, masked; null when none'),
});

export const kycState = defineEndpoint({
  method: 'GET',
  path: '/api/user/kyc',
  access: 'user',
  quiet: true,
  summary: "The player's identity verification status and latest submission (masked)",
  data: kycStateSchema,
});

export const kycSubmit = defineEndpoint({
  method: 'POST',
  path: '/api/user/kyc/submit',
  access: 'user',
  summary: 'Submit personal information for identity verification; the operator decides',
  body: z
    .strictObject({
      realName: z
        .string()
        .trim()
        .min(2, RuleMessage.format)
        .max(64, RuleMessage.format)
        .regex(/^[\p{L} .'-]+$/u, RuleMessage.format)
        .describe('Full name exactly as on the ID: letters, spaces, dots, apostrophes and hyphens'),
      birthDate: dateRule.refine(birthYearPlausible, RuleMessage.date).describe('MM/DD/YYYY; 21 or older'),
      idType: kycIdTypeSchema,
      idNumber: z.string().trim().min(1, RuleMessage.required).max(32, RuleMessage.format),
    })
    .refine((b) => idNumberValid(b.idType, b.idNumber), { message: RuleMessage.format, path: ['idNumber'] }),
  data: kycStateSchema,
});

export const kycEndpoints = [kycState, kycSubmit] as const;
