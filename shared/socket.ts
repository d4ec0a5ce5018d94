/**
 * The socket protocol (spec sections 4 and 9), shared by the server's hub and the client. It imports
 * nothing (no zod), so the client's socket code stays small. Adding an event: a line in `ServerEvents`,
 * the server's `app.socket.push(userId, name, content)`, the client's `socket.on(name, handler)`.
 */

import type { ChatMessage } from './contract/chat';

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
  /** Live chat: an operator answered (the message). */
  'chat.message': ChatMessage;
  /** Live chat: the conversation was closed. */
  'chat.closed': { conversationId: number };
  /** Live chat: operator messages the player has not read. */
  'cs.unread': number;
};

/**
 * The operator channel: a websocket at OPS_SOCKET_PATH for the back office, authenticated with the
 * operator token (see opsSocketProtocols), carrying these events. Frames have the same `{ event, sid,
 * content }` shape with an empty sid (nothing to acknowledge: the back office reads its lists again on
 * connect), and the same ping/pong heartbeat as the player socket.
 */
export type OperatorEvents = {
  /** Live chat: a message was written in a conversation, by the player or an operator. */
  'chat.message': ChatMessage;
  /** Live chat: an operator closed the conversation. */
  'chat.closed': { conversationId: number; closedBy: string };
  /** Live chat: player messages no operator has read yet, in all open conversations. */
  'chat.unread': number;
};
export type OperatorEvent = keyof OperatorEvents;

export const OPS_SOCKET_PATH = '/ops/socket';
/** The subprotocol the server answers with; the token travels as a second one, never in the URL. */
export const OPS_SOCKET_PROTOCOL = 'ops.v1';
const TOKEN_PROTOCOL_PREFIX = 'bearer.';

/**
 * What a browser passes as `new WebSocket(url, protocols)` to open the operator channel: a browser can't
 * set an Authorization header on a websocket, so the token goes in Sec-WebSocket-Protocol, hex-encoded
 * (a subprotocol allows only token characters).
 */
export const opsSocketProtocols = (token: string) => [
  OPS_SOCKET_PROTOCOL,
  TOKEN_PROTOCOL_PREFIX + Array.from(new TextEncoder().encode(token), (b) => b.toString(16).padStart(2, '0')).join(''),
];

/** The token in a Sec-WebSocket-Protocol header written by opsSocketProtocols, or null. */
export function opsTokenOfProtocols(header: string | undefined): string | null {
  const hex = (header ?? '')
    .split(',')
    .map((p) => p.trim())
    .find((p) => p.startsWith(TOKEN_PROTOCOL_PREFIX))
    ?.slice(TOKEN_PROTOCOL_PREFIX.length);
  if (!hex || hex.length % 2 !== 0 || !/^[0-9a-f]+$/.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return new TextDecoder().decode(bytes);
}

/** Live-chat events (chat.message, chat.closed, cs.unread): see chat-events.ts. */
export { CHAT_EVENTS } from './chat-events';
export type ServerEvent = keyof ServerEvents;

/** Close code the server uses after `session.ended`. */
export const CLOSE_SESSION_ENDED = 4001;
/** Close code of an abnormal closure: the only close that reconnects (spec section 4). */
export const ABNORMAL_CLOSURE = 1006;

/**
 * The `session.ended` content when the player's own security change (a password, a phone) replaced the
 * session: the device that made the change already holds the new cookie and reopens its socket, so it
 * must not show the "logged in elsewhere" notice for this one.
 */
export const SESSION_ROTATED = 'session rotated';

/** The `session.ended` content when the player logged in on another device (single-session rule). */
export const SESSION_REPLACED = 'replaced by a new login';

/**
 * Control frames, both ways: ping and pong (heartbeat; content null), ack (the client confirms a frame's
 * sid). They carry no sid and are never acknowledged.
 */
export const CONTROL_EVENTS = ['ping', 'pong', 'ack'] as const;
export type ControlEvent = (typeof CONTROL_EVENTS)[number];

/** Every frame is JSON `{ event, sid, content }`; sid is set on frames the client must acknowledge. */
export type Frame = { event: string; sid: string; content: unknown };
