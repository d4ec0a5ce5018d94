/**
 * The world-builder's recipes, whatever carries them: who a made-up player is (identity, wallet,
 * passwords), what each step sends (the request bodies of the contract) and the order of the steps that
 * make "a player ready to withdraw". Two transports run them: server/src/test/world.ts through the public
 * routes (tests, the bench, the crash test, the harness) and server/src/domains/tooling/scenarios/kit.ts through the services
 * inside the server (a scenario is built on an operator's request, so it must not go through the request
 * log, the route faults or the operator audit trail of the calls it would make).
 *
 * Not test code: it imports only the contract and the signature library.
 */
import { md5 } from 'js-md5';
import type { BodyOf } from '../../../shared/contract/define';
import { KYC_DOCUMENT_KINDS, type kycSubmit, type kycUploadDocument } from '../../../shared/contract/kyc';
import type { modifyTradePassword, register } from '../../../shared/contract/user';
import type { bindWallet } from '../../../shared/contract/withdraw';
import { signFields } from '../lib/signature';

/** The transaction password every made-up player types (the API receives its md5). */
export const TRADE_PASSWORD = 'trade123';
export const IDENTITY = {
  realName: 'Juan Dela Cruz',
  birthDate: '05/17/1990',
  idType: 'umid',
  idNumber: '0111-2345678-9',
} as const;
export interface Wallet {
  bank: 'gcash' | 'maya';
  name: string;
  account: string;
}
export const WALLET: Wallet = { bank: 'gcash', name: IDENTITY.realName, account: '9171234567' };

/** The registration form as sent: the typed password goes as its md5. */
export const registerBody = (p: {
  username: string;
  phone: string;
  password: string;
  inviteCode?: string;
}): BodyOf<typeof register> => ({
  username: p.username,
  password: md5(p.password),
  phone: p.phone,
  agree: true,
  ...(p.inviteCode ? { inviteCode: p.inviteCode } : {}),
});

export const tradePasswordBody = (typed = TRADE_PASSWORD): BodyOf<typeof modifyTradePassword> => ({
  newPassword: md5(typed),
});

/** Binding an e-wallet is confirmed with the transaction password. */
export const walletBody = (wallet: Wallet = WALLET): BodyOf<typeof bindWallet> => ({
  ...wallet,
  password: md5(TRADE_PASSWORD),
});

export const identityBody = (): BodyOf<typeof kycSubmit> => ({ ...IDENTITY });

/** A 1x1 PNG: the smallest photo the KYC upload accepts (its magic is read, not its name). */
export const PHOTO_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** The three KYC photos' upload bodies (ID front, ID back, selfie). */
export const documentBodies = (): BodyOf<typeof kycUploadDocument>[] =>
  KYC_DOCUMENT_KINDS.map((kind) => ({ kind, image: PHOTO_PNG_BASE64 }));

/** A body of the game provider's seamless wallet, signed as the provider signs it. */
export const signedBody = <T extends Record<string, string>>(fields: T, providerSecret: string) => ({
  ...fields,
  signature: signFields(fields, providerSecret),
});

/** The steps a transport provides for a player `P` of its own (a cookie, a session...); answers are not read. */
export interface WorldSteps<P> {
  setTradePassword(p: P, body: BodyOf<typeof modifyTradePassword>): unknown;
  bindWallet(p: P, body: BodyOf<typeof bindWallet>): unknown;
  uploadDocument(p: P, body: BodyOf<typeof kycUploadDocument>): unknown;
  submitIdentity(p: P, body: BodyOf<typeof kycSubmit>): unknown;
  /** The operator verifies the submitted identity. */
  verifyIdentity(p: P): unknown;
}

/** A player ready to withdraw: a transaction password, a bound e-wallet and a verified identity. */
export async function makeWithdrawReady<P>(steps: WorldSteps<P>, p: P, wallet: Wallet = WALLET): Promise<void> {
  await steps.setTradePassword(p, tradePasswordBody());
  await steps.bindWallet(p, walletBody(wallet));
  await verifiedIdentity(steps, p);
}

/** The three photos uploaded, then the identity submitted for review. */
export async function submittedIdentity<P>(steps: Pick<WorldSteps<P>, 'uploadDocument' | 'submitIdentity'>, p: P) {
  for (const body of documentBodies()) await steps.uploadDocument(p, body);
  await steps.submitIdentity(p, identityBody());
}

/** The identity submitted (photos and details), then verified by the operator. */
export async function verifiedIdentity<P>(
  steps: Pick<WorldSteps<P>, 'uploadDocument' | 'submitIdentity' | 'verifyIdentity'>,
  p: P,
) {
  await submittedIdentity(steps, p);
  await steps.verifyIdentity(p);
}
