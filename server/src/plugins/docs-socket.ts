import { z } from 'zod';
import { badgeSchema } from '../../../shared/contract/account';
import { chatMessageSchema } from '../../../shared/contract/chat';
import {
  ABNORMAL_CLOSURE,
  CLOSE_SESSION_ENDED,
  CONTROL_EVENTS,
  COUNTER_EVENTS,
  type ControlEvent,
  type CounterEvent,
  type Frame,
  OPS_SOCKET_PATH,
  OPS_SOCKET_PROTOCOL,
  type OperatorEvent,
  type OperatorEvents,
  SESSION_ROTATED,
  type ServerEvent,
  type ServerEvents,
  SOCKET_HEARTBEAT_MS,
  SOCKET_RECONNECT_BASE_MS,
  SOCKET_SILENCE_TIMEOUT_MS,
  socketPath,
} from '../../../shared/socket';

/**
 * The socket protocol of shared/socket.ts as a section of the OpenAPI document (the `socket` tag and the
 * `x-socket` extension), which has no words for a websocket of its own. shared/socket.ts is zod-free (the
 * client's socket code stays small), so the contents are written as zod here, typed by its types: an
 * event missing, one too many or a content of another shape fails the typecheck. The words of each event
 * are the doc comments of shared/socket.ts (server/src/plugins/docs.test.ts compares them).
 */

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** `true` for every event whose zod content is exactly the type shared/socket.ts gives it. */
type Checked<Events, Schemas extends { [E in keyof Events]: { content: z.ZodType } }> = {
  [E in keyof Events]: Same<z.output<Schemas[E]['content']>, Events[E]>;
};
type Described<Events> = { [E in keyof Events]: { description: string; content: z.ZodType<Events[E]> } };

const pesos = z.number().describe('Pesos, at most two decimals');
const orderNo = z.string().describe('The order number');

/** The badge counters: each event carries the number of its badge field (GET /api/badge/data). */
const counterEvents = Object.fromEntries(
  Object.entries(COUNTER_EVENTS).map(([event, field]) => {
    const content = badgeSchema.shape[field];
    return [event, { description: `The badge counter \`${field}\` (GET /api/badge/data).`, content }];
  }),
) as { [E in CounterEvent]: { description: string; content: (typeof badgeSchema.shape)[(typeof COUNTER_EVENTS)[E]] } };

const playerEvents = {
  ...counterEvents,
  'balance.changed': {
    description: 'The new spendable balance, in pesos.',
    content: z.object({ balance: pesos }),
  },
  'deposit.settled': {
    description: 'A deposit reached a final or timed-out status (1 Success, 2 Failed, 3 Timeout).',
    content: z.object({ orderNo, status: z.number().int().describe('1 Success, 2 Failed, 3 Timeout') }),
  },
  'withdraw.changed': {
    description: 'A withdrawal changed status (shared/contract/withdraw.ts WITHDRAW_STATUS).',
    content: z.object({ orderNo, status: z.number().int().describe('WITHDRAW_STATUS of shared/contract/withdraw.ts') }),
  },
  'kyc.changed': {
    description: "The operator decided the player's identity verification.",
    content: z.object({ status: z.enum(['verified', 'rejected']) }),
  },
  'session.ended': {
    description:
      'This session ended (a login elsewhere, a password change, an operator...): the reason. Sent before close.',
    content: z
      .string()
      .describe(
        `The reason; \`${SESSION_ROTATED}\` when the player's own security change replaced the session (that device reopens its socket with its new cookie)`,
      ),
  },
  'chat.message': { description: 'Live chat: an operator answered (the message).', content: chatMessageSchema },
  'chat.closed': {
    description: 'Live chat: the conversation was closed.',
    content: z.object({ conversationId: z.number().int() }),
  },
  'cs.unread': {
    description: 'Live chat: operator messages the player has not read.',
    content: z.number().int(),
  },
} satisfies Described<ServerEvents>;

const operatorEvents = {
  'chat.message': {
    description: 'Live chat: a message was written in a conversation, by the player or an operator.',
    content: chatMessageSchema,
  },
  'chat.closed': {
    description: 'Live chat: an operator closed the conversation.',
    content: z.object({ conversationId: z.number().int(), closedBy: z.string().describe("The operator's name") }),
  },
  'chat.unread': {
    description: 'Live chat: player messages no operator has read yet, in all open conversations.',
    content: z.number().int(),
  },
} satisfies Described<OperatorEvents>;

const playerChecked: Checked<ServerEvents, typeof playerEvents> extends Record<ServerEvent, true> ? true : never = true;
const operatorChecked: Checked<OperatorEvents, typeof operatorEvents> extends Record<OperatorEvent, true>
  ? true
  : never = true;
void [playerChecked, operatorChecked];

/** The control frames of CONTROL_EVENTS (content null, no sid, never acknowledged). */
const controlEvents: Record<ControlEvent, { direction: string; description: string }> = {
  ping: {
    direction: 'both ways',
    description: `Heartbeat: each side pings every ${SOCKET_HEARTBEAT_MS / 1000} s, the client also on open (its first frame makes the server send again the frames not yet acknowledged); a ping is answered with pong.`,
  },
  pong: { direction: 'both ways', description: 'The answer to a ping.' },
  ack: {
    direction: 'client to server (player channel)',
    description:
      'Confirms the frame whose sid it carries: a frame not acknowledged is sent again on the next connection.',
  },
};

const frameSchema = z.object({
  event: z.string().describe('The event name'),
  sid: z.string().describe('Set on a frame the client must acknowledge (an `ack` with this sid); empty on the others'),
  content: z.unknown().describe("The event's content (null on control frames)"),
}) satisfies z.ZodType<Frame>;

type Json = Record<string, unknown>;

/** JSON Schema (OpenAPI 3.0) of a content, with the descriptions of its fields. */
const jsonSchemaOf = (schema: z.ZodType): Json => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: 'output',
    unrepresentable: 'any',
  }) as Json;
  return json;
};

/** One line of TypeScript-like notation of a JSON Schema, for the tables of the tag. */
function notation(schema: Json): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.type === 'object' && schema.properties) {
    const required = new Set((schema.required as string[]) ?? []);
    const fields = Object.entries(schema.properties as Record<string, Json>).map(
      ([name, field]) => `${name}${required.has(name) ? '' : '?'}: ${notation(field)}`,
    );
    return `{ ${fields.join('; ')} }`;
  }
  if (schema.type === 'array') return `${notation((schema.items as Json) ?? {})}[]`;
  const base = typeof schema.type === 'string' ? schema.type : 'any';
  return schema.nullable ? `${base} | null` : base;
}

interface SocketEventDoc {
  event: string;
  direction: string;
  description: string;
  /** JSON Schema of `content`. */
  content: Json;
}

const eventsOf = (events: Record<string, { description: string; content: z.ZodType }>, direction: string) =>
  Object.entries(events).map(
    ([event, { description, content }]): SocketEventDoc => ({
      event,
      direction,
      description,
      content: jsonSchemaOf(content),
    }),
  );

const controlsOf = (only: readonly ControlEvent[]) =>
  only.map(
    (event): SocketEventDoc => ({
      event,
      direction: controlEvents[event].direction,
      description: controlEvents[event].description,
      content: { nullable: true, enum: [null] },
    }),
  );

/** The two websocket channels, each with its events (x-socket). */
export function socketChannels() {
  return {
    frame: jsonSchemaOf(frameSchema),
    channels: [
      {
        name: 'player',
        path: decodeURIComponent(socketPath('{uid}')),
        authentication:
          "The session cookie `sid` on the upgrade request; refused (401, or 403 when the uid is not the session's)",
        events: [...eventsOf(playerEvents, 'server to player'), ...controlsOf(CONTROL_EVENTS)],
      },
      {
        name: 'operator',
        path: OPS_SOCKET_PATH,
        authentication: `The operator token: \`Authorization: Bearer <ADMIN_TOKEN>\`, or from a browser the subprotocols \`${OPS_SOCKET_PROTOCOL}\` and \`bearer.<the token in hex>\` (opsSocketProtocols of shared/socket.ts); absent when OPS_ENABLED=false`,
        events: [
          ...eventsOf(operatorEvents, 'server to back office'),
          ...controlsOf(CONTROL_EVENTS.filter((e) => e !== 'ack')),
        ],
      },
    ],
  };
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The markdown of the `socket` tag: how to connect, the frames, a table of the events of each channel. */
export function socketTagDescription(channels = socketChannels()): string {
  const s = (ms: number) => `${ms / 1000} s`;
  const lines = [
    'The websocket protocol of shared/socket.ts (spec sections 4 and 9), generated from it; `x-socket` at the',
    "document's root holds the same as JSON Schema. Every frame is JSON `{ event, sid, content }`: a frame with a",
    "sid is kept until the client answers `ack` with it, and sent again (the newest 100) on the player's next",
    "connection, after the client's first frame. A counter event replaces its own frame still waiting.",
    `Heartbeat: the server pings every ${s(SOCKET_HEARTBEAT_MS)} and closes a link silent for ${s(SOCKET_SILENCE_TIMEOUT_MS)}.`,
    `After \`session.ended\` the server closes with ${CLOSE_SESSION_ENDED}; the client reconnects only after an abnormal`,
    `closure (${ABNORMAL_CLOSURE}), after ${s(SOCKET_RECONNECT_BASE_MS)} times the attempt.`,
  ];
  const sections = channels.channels.map((channel) =>
    [
      `**The ${channel.name} channel**: \`GET ${channel.path}\` upgraded to a websocket (wss on https). ${channel.authentication}.`,
      '',
      '| Event | Direction | Content | Meaning |',
      '| --- | --- | --- | --- |',
      ...channel.events.map(
        (e) =>
          `| \`${e.event}\` | ${e.direction} | \`${cell(notation(e.content))}\` | ${cell(
            [e.description, e.content.description].filter(Boolean).join(' '),
          )} |`,
      ),
    ].join('\n'),
  );
  return [lines.join(' '), ...sections].join('\n\n');
}
