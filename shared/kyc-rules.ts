/**
 * The identity-verification rules without zod, for the client's KYC form (the contract in
 * ./contract/kyc.ts re-exports them beside its schemas).
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

/** How an ID number is stored and checked: upper case, without spaces and dashes. */
export const normalizeIdNumber = (text: string) => text.toUpperCase().replace(/[\s-]/g, '');

export const idNumberValid = (type: KycIdType, text: string) =>
  KYC_ID_TYPES[type].pattern.test(normalizeIdNumber(text));
