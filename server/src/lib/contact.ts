import type { FastifyRequest } from 'fastify';
import { may } from '../../../shared/roles';

/**
 * Players' contact numbers (phone, e-wallet account) in /ops answers: in full for an operator holding
 * players.contact or the service account, the last 4 for the others (a tester). Shared by every domain whose
 * ops routes answer such a number (user, withdraw).
 */
export const seesContact = (request: FastifyRequest) => {
  const actor = request.operator;
  return Boolean(actor && (actor.service || may(actor.role, 'players.contact')));
};

/** A number's last 4 characters, the rest as dots (as the player's own screens show an ID number). */
export const lastFour = (text: string) => (text.length <= 4 ? text : `${'•'.repeat(text.length - 4)}${text.slice(-4)}`);
