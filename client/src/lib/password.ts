import { md5 } from 'js-md5';

/** Passwords travel as md5 hex of what the player typed (docs/security.md); the server hashes again. */
export const hashPassword = (typed: string): string => md5(typed);
