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

/** The three photos a submission needs: the ID's front and back, and a selfie. */
export const KYC_DOCUMENT_KINDS = ['idFront', 'idBack', 'selfie'] as const;
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];
export const kycDocumentKindSchema = z.enum(KYC_DOCUMENT_KINDS);
/** The largest photo accepted, in bytes (5 MiB: a phone camera's JPEG at full size fits, a RAW does not). */
export const KYC_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
/** The photo types accepted, as read from the bytes' magic (the declared type is never trusted). */
export const KYC_DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];
/**
 * The upload's base64 text may run to a third more than the bytes, plus slack: past KYC_DOCUMENT_MAX_BYTES
 * (decoded) the service answers KYC_DOCUMENT_TOO_LARGE; past this, the body limit answers BODY_TOO_LARGE.
 */
const BASE64_MAX_CHARS = Math.ceil((KYC_DOCUMENT_MAX_BYTES * 3) / 2);
export const KYC_UPLOAD_BODY_LIMIT = BASE64_MAX_CHARS + 1024;

export const kycDocumentsSchema = z
  .object({
    idFront: isoTime.nullable(),
    idBack: isoTime.nullable(),
    selfie: isoTime.nullable(),
  })
  .describe('When each photo was uploaded; null when it is missing (the player never sees the photos themselves)');

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
  documents: kycDocumentsSchema,
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
  codes: [Code.GUEST_NOT_ALLOWED, Code.KYC_ALREADY_SUBMITTED, Code.UNDERAGE, Code.KYC_DOCUMENTS_MISSING],
});

/**
 * One photo as base64 in a JSON body, under this route's own body limit (KYC_UPLOAD_BODY_LIMIT): no
 * multipart parser is a dependency, and a JSON body keeps the contract's validation, requestFrom (CSRF) and
 * documentation as every other endpoint has them. The server reads the type from the bytes' magic.
 */
export const kycUploadDocument = defineEndpoint({
  method: 'POST',
  path: '/api/user/kyc/documents',
  access: 'user',
  bodyLimit: KYC_UPLOAD_BODY_LIMIT,
  summary:
    'Upload one KYC photo (ID front, ID back or selfie): JPEG, PNG or WebP up to 5 MiB, base64; replaces the one before',
  body: z.strictObject({
    kind: kycDocumentKindSchema,
    image: z
      .string()
      .min(1, RuleMessage.required)
      .max(BASE64_MAX_CHARS, RuleMessage.format)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, RuleMessage.format)
      .describe('The image file, base64 (no data: prefix)'),
  }),
  data: kycStateSchema,
  codes: [Code.GUEST_NOT_ALLOWED, Code.KYC_DOCUMENT_TYPE, Code.KYC_DOCUMENT_TOO_LARGE, Code.KYC_DOCUMENTS_LOCKED],
});

export const kycEndpoints = [kycState, kycSubmit, kycUploadDocument] as const;
