import { z } from 'zod';

/** Socket path: /webSocket/{uid} on the same host (wss on https), authenticated by the session cookie. */
export const socketPath = (uid: number) => `/webSocket/${uid}`;

/** Spec section 9 timings, used by the client and the server alike. */
export const SOCKET_HEARTBEAT_MS = 20_000;
export const SOCKET_SILENCE_TIMEOUT_MS = 60_000;
export const SOCKET_RECONNECT_BASE_MS = 3_000;

/** The counter events of spec section 4: each carries a number stored in the matching badge counter. */
export const COUNTER_EVENTS = {
  'inbox.unread': 'letterUnreadNum',
  'invite.friends.spins': 'inviteFriendToEarnNum',
  'invite.friends.energy': 'inviteFriendEnergy',
  'task.reward': 'taskRewardNum',
  'badge.sign.up': 'loginBonusRewardNum',
  'daily.deposit.sign': 'dailyDepositSign',
  'vip.tab.rewards.num': 'vipTabRewardsNum',
} as const;
export type CounterEvent = keyof typeof COUNTER_EVENTS;

/**
 * Other server events: the balance changed (content: the new spendable balance in pesos), a deposit
 * settled ({ orderNo, status }), a withdrawal changed status ({ orderNo, status }), the operator decided
 * the identity verification ({ status: 'verified' | 'rejected' }), the session ended.
 */
export const INFO_EVENTS = [
  'balance.changed',
  'deposit.settled',
  'withdraw.changed',
  'kyc.changed',
  'session.ended',
] as const;

/** Live-chat events (chat.message, chat.closed, cs.unread): see chat-events.ts. */
export { CHAT_EVENTS } from './chat-events';

/** Control frames: ping and pong (heartbeat both ways), ack (the client confirms a frame's sid). */
export const CONTROL_EVENTS = ['ping', 'pong', 'ack'] as const;

export const frameSchema = z.object({
  event: z.string().min(1).max(64),
  /** Set on frames the client must acknowledge; a repeated sid is ignored. Empty on control frames. */
  sid: z.string().max(64),
  content: z.unknown(),
});
export type Frame = { event: string; sid: string; content: unknown };

/** What a client may send: pong, ping, or ack of a sid. */
export const clientFrameSchema = z.strictObject({
  event: z.enum(CONTROL_EVENTS),
  sid: z.string().max(64).default(''),
  content: z.unknown().optional(),
});

export const counterContent = z.number().int().nonnegative();
