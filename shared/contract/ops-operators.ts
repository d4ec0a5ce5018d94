import { z } from 'zod';
import { Code } from '../codes';
import { PERMISSIONS, type Permission, ROLES } from '../roles';
import { isoTime, nothing } from './common';
import { defineEndpoint } from './define';

/**
 * Operator accounts and their back-office sessions (issue 29 item 1): sign-in with a password and a TOTP
 * code, who am I, sign out, and the admins' Operators section. docs/operator-guide.md, "Operator accounts".
 */

export const roleSchema = z.enum(ROLES);
const permissionSchema = z.enum(Object.keys(PERMISSIONS) as [Permission, ...Permission[]]);

/** The signed-in operator, as the back office shows it in its header. */
export const operatorMeSchema = z.object({
  name: z.string(),
  role: roleSchema,
  /** The service account (ADMIN_TOKEN): every right. */
  service: z.boolean(),
  /** What the role may do: the back office hides the rest (the server refuses it anyway). */
  permissions: z.array(permissionSchema),
  /** TESTER_TOOLS: whether tester tools exist on this server at all. */
  testerTools: z.boolean(),
});

export const operatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: roleSchema,
  disabled: z.boolean(),
  /** Whether the operator proved a TOTP code once (first sign-in); until then the account is not active. */
  enrolled: z.boolean(),
  createdAt: isoTime,
  lastLoginAt: isoTime.nullable(),
});

/** A TOTP secret to enrol in an authenticator app: its otpauth:// URI and the secret to type. */
export const enrolmentSchema = z.object({ secret: z.string(), uri: z.string() });

const name = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,32}$/, '3 to 32 letters, digits, dots, dashes or underscores');
const password = z.string().min(10, 'at least 10 characters').max(200);
const reason = z.string().trim().min(1, 'a reason is required').max(200);

export const opsLogin = defineEndpoint({
  method: 'POST',
  path: '/ops/auth/login',
  access: 'open',
  summary:
    'Operator sign-in: name, password and the 6-digit code of the authenticator app. First sign-in without a code answers the enrolment (otpauth URI and secret); a valid code then activates the account. Sets the operator session cookie (httpOnly, SameSite=Strict)',
  body: z.strictObject({
    name: z.string().trim().min(1).max(64),
    password: z.string().min(1).max(200),
    totp: z
      .string()
      .regex(/^\d{6}$/, '6 digits')
      .optional(),
  }),
  data: z.object({ operator: operatorMeSchema.nullable(), enrol: enrolmentSchema.nullable() }),
  codes: [Code.OPS_LOGIN_FAILED, Code.OPS_LOGIN_LOCKED, Code.OPS_CSRF],
});

export const opsLogout = defineEndpoint({
  method: 'POST',
  path: '/ops/auth/logout',
  access: 'ops',
  permission: 'self',
  summary: "End this operator's back-office session and clear its cookie",
  body: z.strictObject({}),
  data: nothing,
});

export const opsMe = defineEndpoint({
  method: 'GET',
  path: '/ops/auth/me',
  access: 'ops',
  permission: 'self',
  summary: 'The signed-in operator: name, role and what the role may do',
  data: operatorMeSchema,
});

export const listOperators = defineEndpoint({
  method: 'GET',
  path: '/ops/operators',
  access: 'ops',
  permission: 'operators.manage',
  summary: 'Operator accounts (admins)',
  data: z.array(operatorSchema),
});

export const createOperator = defineEndpoint({
  method: 'POST',
  path: '/ops/operators',
  access: 'ops',
  permission: 'operators.manage',
  summary:
    'Create an operator with a first password; answers the TOTP secret to hand over (the account is active once its first sign-in proves a code)',
  body: z.strictObject({ name, role: roleSchema, password }),
  data: z.object({ operator: operatorSchema, enrol: enrolmentSchema }),
  codes: [Code.OPERATOR_EXISTS],
});

const idParams = z.strictObject({ id: z.coerce.number().int().positive() });

export const updateOperator = defineEndpoint({
  method: 'POST',
  path: '/ops/operators/:id',
  access: 'ops',
  permission: 'operators.manage',
  summary: "Change an operator's role or disable / enable it (a disabled operator's sessions end at once)",
  params: idParams,
  body: z.strictObject({ role: roleSchema.optional(), disabled: z.boolean().optional(), reason }),
  data: operatorSchema,
  codes: [Code.OPS_NOT_FOUND, Code.OPS_LAST_ADMIN],
});

export const resetOperatorPassword = defineEndpoint({
  method: 'POST',
  path: '/ops/operators/:id/password',
  access: 'ops',
  permission: 'operators.manage',
  summary: 'Set a new password for an operator: every session of theirs ends',
  params: idParams,
  body: z.strictObject({ password, reason }),
  data: operatorSchema,
  codes: [Code.OPS_NOT_FOUND],
});

export const resetOperatorTotp = defineEndpoint({
  method: 'POST',
  path: '/ops/operators/:id/totp/reset',
  access: 'ops',
  permission: 'operators.manage',
  summary: 'Give an operator a new TOTP secret (lost phone): their sessions end and the next sign-in enrols again',
  params: idParams,
  body: z.strictObject({ reason }),
  data: z.object({ operator: operatorSchema, enrol: enrolmentSchema }),
  codes: [Code.OPS_NOT_FOUND],
});

export const opsOperatorEndpoints = [
  opsLogin,
  opsLogout,
  opsMe,
  listOperators,
  createOperator,
  updateOperator,
  resetOperatorPassword,
  resetOperatorTotp,
] as const;
