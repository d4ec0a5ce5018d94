/**
 * The socket protocol (spec sections 4 and 9), shared by the server's hub and the client. It imports
 * nothing (no zod), so the client's socket code stays small. Adding an event: a line in `ServerEvents`,
 * the server's `app.socket.push(userId, name, content)`, the client's `socket.on(name, handler)`.
 */

/** Socket path: /webSocket/{uid} on the same host (wss on https), authenticated by the session cookie. */
export const socketPath = (uid: number | string) => `/webSocket/${encodeURIComponent(String(uid))}`;

/** Spec section 9 timings: heartbeat every 20 s, a silent link is dropped after 60 s, reconnect after 3 s x attempt. */
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

/** Every event the server pushes to a player, and its content. */
export type ServerEvents = { [E in CounterEvent]: number } & {
  /** The new spendable balance, in pesos. */
  'balance.changed': { balance: number };
  /** A deposit reached a final or timed-out status (1 Success, 2 Failed, 3 Timeout). */
  'deposit.settled': { orderNo: string; status: number };
  /** A withdrawal changed status (shared/contract/withdraw.ts WITHDRAW_STATUS). */
  'withdraw.changed': { orderNo: string; status: number };
  /** The operator decided the player's identity verification. */
  'kyc.changed': { status: 'verified' | 'rejected' };
  /** This session ended (a login elsewhere, a password change, an operator...): the reason. Sent before close. */
  'session.ended': string;
};
export type ServerEvent = keyof ServerEvents;

/** Close code the server uses after `session.ended`. */
export const CLOSE_SESSION_ENDED = 4001;
/** Close code of an abnormal closure: the only close that reconnects (spec section 4). */
export const ABNORMAL_CLOSURE = 1006;

/**
 * Control frames, both ways: ping and pong (heartbeat; content null), ack (the client confirms a frame's
 * sid). They carry no sid and are never acknowledged.
 */
export const CONTROL_EVENTS = ['ping', 'pong', 'ack'] as const;
export type ControlEvent = (typeof CONTROL_EVENTS)[number];

/** Every frame is JSON `{ event, sid, content }`; sid is set on frames the client must acknowledge. */
export type Frame = { event: string; sid: string; content: unknown };
