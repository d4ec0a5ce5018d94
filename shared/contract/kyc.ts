import { z } from 'zod';
import { Code } from '../codes';
import { idNumberValid, KYC_ID_TYPES, type KycIdType } from '../kyc-rules';
import { dateRule, RuleMessage } from '../rules';
import { kycStatusSchema } from './account';
import { isoTime } from './common';
import { defineEndpoint } from './define';

/**
 * Identity verification (KYC), spec sections 1 and 6: players must be 21 or older and fully verified
 * within 7 days of registration or before their first withdrawal (not in spec section 7: the Security
 * centre's Personal Information needs it).
 */

export * from '../kyc-rules';

export const kycIdTypeSchema = z.enum(Object.keys(KYC_ID_TYPES) as [KycIdType, ...KycIdType[]]);

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
  codes: [Code.GUEST_NOT_ALLOWED, Code.KYC_ALREADY_SUBMITTED, Code.UNDERAGE],
});

export const kycEndpoints = [kycState, kycSubmit] as const;
