import { z } from 'zod';
import { Code } from '../codes';
import { pesos } from './common';
import { defineEndpoint } from './define';

/**
 * The seamless wallet API this casino offers game providers (not in spec section 7: the provider's
 * servers call it, not the client). Every body carries `signature`: HMAC-SHA256 hex over the other
 * fields, keys sorted, `key=value` joined by `&`, with the provider's secret. Money is pesos as text with
 * exactly two decimals. bet, raise, win and rollback are idempotent on transactionId: a replay answers the
 * first answer and moves nothing. A bet needs a live session token; win and rollback do not (a round
 * that started stays valid after the token expires or the player disconnects).
 */
const money = z
  .string()
  .regex(/^\d{1,13}\.\d{2}$/)
  .describe('Pesos as text with two decimals');
const signature = z
  .string()
  .regex(/^[a-f0-9]{64}$/)
  .describe(
    "HMAC-SHA256 hex with the provider's secret over the other fields of the body: keys sorted, `key=value` joined by `&`",
  );
const transactionId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/)
  .describe("The provider's id of this money movement: a replay with the same id answers the first answer");
const roundId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/)
  .describe("The provider's round: the bet opens it, the win or a rollback settles it");
const sessionToken = z
  .string()
  .min(1)
  .max(200)
  .describe('The session token authenticate answered; it ends when the player stays idle');

const walletAnswer = z.object({
  balance: pesos.describe("The player's spendable balance after the call"),
  currency: z.literal('PHP'),
  transactionId: z.string().optional(),
});

export const walletAuthenticate = defineEndpoint({
  method: 'POST',
  path: '/api/provider/wallet/authenticate',
  access: 'open',
  signed: true,
  summary: 'Provider: exchange the one-time launch token for a session token and the player',
  body: z.strictObject({
    launchToken: z.string().min(1).max(200).describe('The one-time token of the game link, valid two minutes'),
    signature,
  }),
  data: z.object({
    sessionToken: z.string().describe('For balance and bet calls of this game session'),
    playerId: z.number().int().describe('The uid'),
    nickname: z.string(),
    gameCode: z.string().describe('Provider game key: slot, baccarat, crash'),
    language: z.string(),
    balance: pesos,
    currency: z.literal('PHP'),
  }),
  codes: [Code.SIGNATURE_INVALID, Code.GAME_TOKEN_INVALID, Code.GAME_TOKEN_EXPIRED],
});

export const walletBalance = defineEndpoint({
  method: 'POST',
  path: '/api/provider/wallet/balance',
  access: 'open',
  signed: true,
  summary: "Provider: the player's balance",
  body: z.strictObject({ sessionToken, signature }),
  data: walletAnswer,
  codes: [Code.SIGNATURE_INVALID, Code.GAME_TOKEN_INVALID, Code.GAME_TOKEN_EXPIRED],
});

export const walletBet = defineEndpoint({
  method: 'POST',
  path: '/api/provider/wallet/bet',
  access: 'open',
  signed: true,
  summary: 'Provider: debit a bet (opens the round); refused with the balance when it is too small',
  body: z.strictObject({
    sessionToken,
    transactionId,
    roundId,
    amount: money,
    turnover: money
      .optional()
      .describe(
        "The bet's net risk, what counts toward wagering and rewards (at most amount; default amount): bets in one round that cover each other count only what they leave uncovered",
      ),
    signature,
  }),
  data: walletAnswer,
  codes: [
    Code.INSUFFICIENT_BALANCE,
    Code.SIGNATURE_INVALID,
    Code.GAME_TOKEN_INVALID,
    Code.GAME_TOKEN_EXPIRED,
    Code.ROUND_SETTLED,
    Code.TRANSACTION_CONFLICT,
    Code.PLAY_PAUSED,
    Code.WAGER_LIMIT_REACHED,
    Code.LOSS_LIMIT_REACHED,
    Code.BET_INVALID,
  ],
});

/**
 * A second stake on a round already open (blackjack's double, split and insurance), the way seamless
 * wallets take a mid-round debit (Evolution's and Pragmatic's second debit on the same round). A call of
 * its own rather than `bet` accepting a taken round id: a bet with a round id already used stays refused
 * (ROUND_SETTLED), so a provider that reuses a round id by mistake never adds to an old round, and only a
 * call that says it raises does.
 */
export const walletRaise = defineEndpoint({
  method: 'POST',
  path: '/api/provider/wallet/raise',
  access: 'open',
  signed: true,
  summary:
    "Provider: debit a further stake on the player's open round (double, split, insurance); refused on a settled or unknown round",
  body: z.strictObject({
    sessionToken,
    transactionId,
    roundId: roundId.describe('The open round of this game session that the stake is added to'),
    amount: money,
    turnover: money
      .optional()
      .describe("The raise's net risk, what counts toward wagering and rewards (at most amount; default amount)"),
    signature,
  }),
  data: walletAnswer,
  codes: [
    Code.INSUFFICIENT_BALANCE,
    Code.SIGNATURE_INVALID,
    Code.GAME_TOKEN_INVALID,
    Code.GAME_TOKEN_EXPIRED,
    Code.TRANSACTION_UNKNOWN,
    Code.ROUND_SETTLED,
    Code.TRANSACTION_CONFLICT,
    Code.PLAY_PAUSED,
    Code.WAGER_LIMIT_REACHED,
    Code.LOSS_LIMIT_REACHED,
    Code.BET_INVALID,
  ],
});

export const walletWin = defineEndpoint({
  method: 'POST',
  path: '/api/provider/wallet/win',
  access: 'open',
  signed: true,
  summary: 'Provider: credit a win (0.00 for a loss) and settle the round; accepted after the token expires',
  body: z.strictObject({
    transactionId,
    roundId,
    amount: money,
    result: z.string().max(200).describe('What happened, shown in the game records'),
    signature,
  }),
  data: walletAnswer,
  codes: [
    Code.INSUFFICIENT_BALANCE,
    Code.SIGNATURE_INVALID,
    Code.TRANSACTION_UNKNOWN,
    Code.ROUND_SETTLED,
    Code.TRANSACTION_CONFLICT,
  ],
});

export const walletRollback = defineEndpoint({
  method: 'POST',
  path: '/api/provider/wallet/rollback',
  access: 'open',
  signed: true,
  summary:
    "Provider: refund a bet whose round was not settled (a round's bet: everything the round took, raises included; a raise: that raise alone); accepted after the token expires",
  body: z.strictObject({
    transactionId,
    betTransactionId: transactionId.describe('The transactionId of the bet or the raise to refund'),
    signature,
  }),
  data: walletAnswer,
  codes: [
    Code.INSUFFICIENT_BALANCE,
    Code.SIGNATURE_INVALID,
    Code.TRANSACTION_UNKNOWN,
    Code.ROUND_SETTLED,
    Code.TRANSACTION_CONFLICT,
  ],
});

export const providerWalletEndpoints = [
  walletAuthenticate,
  walletBalance,
  walletBet,
  walletRaise,
  walletWin,
  walletRollback,
] as const;
