import { z } from 'zod';
import { Code } from '../codes';
import {
  dateRule,
  emailRule,
  hashedPasswordRule,
  invitationCodeRule,
  mobileRule,
  NICKNAME_MAX,
  registrationPhoneRule,
  smsCodeRule,
  usernameRule,
} from '../rules';
import { empty, isoTime, nothing } from './common';
import { defineEndpoint } from './define';

export const genderSchema = z.enum(['male', 'female', 'other']);

/** The user-info entity of spec section 3. */
export const userInfoSchema = z.object({
  uid: z.number().int().describe('Public player id; also the socket path /webSocket/{uid}'),
  username: z.string(),
  nickname: z.string(),
  gender: genderSchema,
  phone: z.string().describe('Bound mobile number, masked (9*****1234); empty when none'),
  avatar: z.string().describe('URL of the avatar image served by this server'),
  invitationCode: z.string().describe("The player's own code that friends enter to become referrals"),
  vip: z.number().int().describe('VIP level, 0 by default'),
  bind: z.boolean().describe('An e-wallet is bound'),
  isNullPasswordTrade: z.boolean().describe('No transaction password yet: withdraw is blocked'),
  hasSignUp: z.boolean().describe('The sign-up bonus has been granted'),
  registrationCode: z.string().describe('The invitation code used at sign-up (the superior), empty when none'),
  guest: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Personal information: what the Security centre's Personal Information screen shows. */
export const userBaseSchema = z.object({
  uid: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  gender: genderSchema,
  avatar: z.string(),
  phone: z.string(),
  realName: z.string(),
  realNameLocked: z.boolean().describe('The identity is verified: the full name is the verified one and cannot change'),
  birthDate: z.string().describe('MM/DD/YYYY, empty when not given'),
  email: z.string(),
  registeredAt: isoTime,
  termsAcceptedAt: isoTime.nullable(),
});

const password = hashedPasswordRule.describe('md5 hex of what the player typed');

export const register = defineEndpoint({
  method: 'POST',
  path: '/api/user/custom/register',
  access: 'open',
  summary: 'Create an account and log it in (sets the session cookie)',
  body: z.strictObject({
    username: usernameRule,
    password,
    phone: registrationPhoneRule,
    inviteCode: invitationCodeRule.optional(),
    agree: z.literal(true, { error: 'Please confirm you are 21 or older and accept the terms' }),
    smsCode: smsCodeRule
      .optional()
      .describe(
        'The code POST /api/user/sms/send/register texted to `phone`: single use, 5 minutes, 5 tries; required unless an operator turned the signUpSmsCode setting off',
      ),
  }),
  data: userInfoSchema,
  codes: [Code.RATE_LIMITED, Code.USERNAME_TAKEN, Code.PHONE_TAKEN, Code.INVITE_CODE_INVALID, Code.SMS_CODE_INVALID],
});

/**
 * The sign-up's code (issue 29 item 4), to the number being registered. Answered the same whether or not
 * the number already has an account: that number's owner gets a notice without a code instead.
 */
export const sendRegisterSms = defineEndpoint({
  method: 'POST',
  path: '/api/user/sms/send/register',
  access: 'open',
  summary: 'Send the sign-up code to the mobile number a new account registers with',
  body: z.strictObject({ phone: registrationPhoneRule }),
  data: z.object({ cooldownSeconds: z.number().int() }),
  codes: [Code.RATE_LIMITED, Code.SMS_COOLDOWN],
});

export const registerFlag = defineEndpoint({
  method: 'POST',
  path: '/api/user/register/flag',
  access: 'open',
  summary: 'Whether a username or phone is already taken',
  body: z
    .strictObject({ username: usernameRule.optional(), phone: registrationPhoneRule.optional() })
    .refine((b) => b.username !== undefined || b.phone !== undefined, { message: 'This is required' }),
  data: z.object({ usernameTaken: z.boolean(), phoneTaken: z.boolean() }),
  codes: [Code.RATE_LIMITED],
});

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/user/login',
  access: 'open',
  summary: 'Log in with username or phone; ends every other session of the account',
  body: z.strictObject({ username: z.string().min(1, 'This is required').max(13), password }),
  data: userInfoSchema,
  codes: [Code.RATE_LIMITED, Code.LOGIN_FAILED, Code.ACCOUNT_SUSPENDED, Code.ACCOUNT_LOCKED],
});

export const guestLogin = defineEndpoint({
  method: 'POST',
  path: '/api/user/guest/login',
  access: 'open',
  summary: 'Create a guest account and log it in',
  body: empty,
  data: userInfoSchema,
  codes: [Code.RATE_LIMITED],
});

export const guestSignUp = defineEndpoint({
  method: 'POST',
  path: '/api/user/guest/register',
  access: 'user',
  summary: 'Turn the logged-in guest account into a registered one: same uid, balance and records; rotates the session',
  body: register.body,
  data: userInfoSchema,
  codes: [
    Code.RATE_LIMITED,
    Code.USERNAME_TAKEN,
    Code.PHONE_TAKEN,
    Code.INVITE_CODE_INVALID,
    Code.SUPERIOR_INVALID,
    Code.ALREADY_REGISTERED,
    Code.SMS_CODE_INVALID,
  ],
});

export const bindSuperior = defineEndpoint({
  method: 'POST',
  path: '/api/user/bind',
  access: 'user',
  summary: 'Bind a superior (referrer) by invitation code, once',
  body: z.strictObject({ inviteCode: invitationCodeRule }),
  data: nothing,
  codes: [Code.INVITE_CODE_INVALID, Code.SUPERIOR_ALREADY_BOUND, Code.SUPERIOR_INVALID],
});

/**
 * Answered the same whether or not the number is another account's (no enumeration): that number's owner
 * gets a notice without a code, so the bind that follows fails its code check.
 */
export const sendBindSms = defineEndpoint({
  method: 'POST',
  path: '/api/user/sms/send/bind',
  access: 'user',
  summary: 'Send a code to a mobile number the player wants to bind',
  body: z.strictObject({ phone: registrationPhoneRule }),
  data: z.object({ cooldownSeconds: z.number().int() }),
  codes: [Code.RATE_LIMITED, Code.SMS_COOLDOWN, Code.GUEST_NOT_ALLOWED],
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/api/user/logout',
  access: 'user',
  summary: 'End this session on the server',
  body: empty,
  data: nothing,
});

/**
 * Answered the same whether or not an account uses the number (no enumeration): a number without one gets
 * a notice without a code.
 */
export const sendResetLoginSms = defineEndpoint({
  method: 'POST',
  path: '/api/user/sms/send/resetLoginPwd',
  access: 'open',
  summary: 'Send a reset code to the mobile number of an account',
  body: z.strictObject({ phone: registrationPhoneRule }),
  data: z.object({ cooldownSeconds: z.number().int() }),
  codes: [Code.RATE_LIMITED, Code.SMS_COOLDOWN],
});

export const resetLoginPassword = defineEndpoint({
  method: 'POST',
  path: '/api/reset/login/pwd',
  access: 'open',
  summary: 'Set a new login password with an SMS code; ends every session of the account',
  body: z.strictObject({ phone: registrationPhoneRule, code: smsCodeRule, password }),
  data: nothing,
  codes: [Code.RATE_LIMITED, Code.SMS_CODE_INVALID],
});

export const modifyLoginPassword = defineEndpoint({
  method: 'POST',
  path: '/api/user/modifyPasswordLogin',
  access: 'user',
  summary: 'Change the login password; ends the other sessions',
  body: z.strictObject({ oldPassword: password, newPassword: password }),
  data: nothing,
  codes: [Code.RATE_LIMITED, Code.OLD_PASSWORD_WRONG, Code.GUEST_NOT_ALLOWED, Code.ACCOUNT_LOCKED, Code.SAME_PASSWORD],
});

export const modifyTradePassword = defineEndpoint({
  method: 'POST',
  path: '/api/user/modifyPasswordTrade',
  access: 'user',
  summary: 'Set the transaction password (no oldPassword while none is set) or change it',
  body: z.strictObject({ oldPassword: password.optional(), newPassword: password }),
  data: nothing,
  codes: [Code.RATE_LIMITED, Code.OLD_PASSWORD_WRONG, Code.GUEST_NOT_ALLOWED, Code.ACCOUNT_LOCKED],
});

export const sendResetTradeSms = defineEndpoint({
  method: 'POST',
  path: '/api/user/sms/send/resetTradePwd',
  access: 'user',
  summary: "Send a reset code to the player's bound mobile number",
  body: empty,
  data: z.object({ cooldownSeconds: z.number().int() }),
  codes: [Code.RATE_LIMITED, Code.SMS_COOLDOWN, Code.GUEST_NOT_ALLOWED, Code.PHONE_NOT_BOUND],
});

/**
 * Not in spec section 7, which names no send call for the withdrawal form's OTP field (spec section 5):
 * named like the others. The code is good for one withdrawal, in this session only, for 5 minutes.
 */
export const sendWithdrawSms = defineEndpoint({
  method: 'POST',
  path: '/api/user/sms/send/withdraw',
  access: 'user',
  summary: "Send the withdrawal form's code to the player's bound mobile number",
  body: empty,
  data: z.object({ cooldownSeconds: z.number().int() }),
  codes: [Code.RATE_LIMITED, Code.SMS_COOLDOWN, Code.GUEST_NOT_ALLOWED, Code.PHONE_NOT_BOUND],
});

export const resetTradePassword = defineEndpoint({
  method: 'POST',
  path: '/api/reset/trade/pwd',
  access: 'user',
  summary: 'Set a new transaction password with an SMS code',
  body: z.strictObject({ code: smsCodeRule, password }),
  data: nothing,
  codes: [Code.SMS_CODE_INVALID, Code.GUEST_NOT_ALLOWED, Code.PHONE_NOT_BOUND],
});

export const share = defineEndpoint({
  method: 'GET',
  path: '/api/user/share',
  access: 'user',
  summary: 'The share link carrying the invitation code',
  data: z.object({ shareUrl: z.string(), invitationCode: z.string() }),
});

export const follow = defineEndpoint({
  method: 'GET',
  path: '/api/user/follow',
  access: 'user',
  summary: 'The URL of the page players are invited to follow',
  data: z.string(),
});

export const userInfo = defineEndpoint({
  method: 'GET',
  path: '/api/user/info',
  access: 'user',
  quiet: true,
  summary: 'The logged-in player',
  data: userInfoSchema,
});

export const avatars = defineEndpoint({
  method: 'GET',
  path: '/api/material/avatar',
  access: 'user',
  summary: 'The avatar images a player can choose',
  data: z.array(z.object({ id: z.string(), url: z.string() })),
});

export const modifyUser = defineEndpoint({
  method: 'POST',
  path: '/api/user/modify',
  access: 'user',
  summary: 'Change nickname, gender, avatar, personal information, or bind a phone with an SMS code',
  body: z
    .strictObject({
      nickname: z.string().trim().min(1, 'This is required').max(NICKNAME_MAX, 'Format is incorrect').optional(),
      gender: genderSchema.optional(),
      avatar: z.string().max(64).optional(),
      realName: z
        .string()
        .trim()
        .min(2, 'Format is incorrect')
        .max(64, 'Format is incorrect')
        .regex(/^[\p{L} .'-]+$/u, 'Format is incorrect')
        .optional(),
      birthDate: dateRule.optional(),
      email: emailRule.optional(),
      phone: mobileRule.optional(),
      smsCode: smsCodeRule.optional(),
    })
    .refine((b) => Object.keys(b).length > 0, { message: 'This is required' })
    .refine((b) => (b.phone === undefined) === (b.smsCode === undefined), {
      message: 'This is required',
      path: ['smsCode'],
    }),
  data: userInfoSchema,
  codes: [Code.PHONE_TAKEN, Code.SMS_CODE_INVALID, Code.GUEST_NOT_ALLOWED, Code.AVATAR_UNKNOWN, Code.KYC_NAME_LOCKED],
});

export const userBase = defineEndpoint({
  method: 'GET',
  path: '/api/user/base',
  access: 'user',
  quiet: true,
  summary: "The player's personal information",
  data: userBaseSchema,
});

export const userEndpoints = [
  register,
  sendRegisterSms,
  registerFlag,
  login,
  guestLogin,
  guestSignUp,
  bindSuperior,
  sendBindSms,
  logout,
  sendResetLoginSms,
  resetLoginPassword,
  modifyLoginPassword,
  modifyTradePassword,
  sendResetTradeSms,
  sendWithdrawSms,
  resetTradePassword,
  share,
  follow,
  userInfo,
  avatars,
  modifyUser,
  userBase,
] as const;
