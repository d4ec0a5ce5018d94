import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';
import type { Endpoint } from '../../../shared/contract/define';
import type { Db } from '../db/database';
import type { Statement } from '../db/port';

/**
 * Generators of bad requests for the fuzz test (fuzz.test.ts), driven by the contract's zod schemas:
 * a plausible request is built from the endpoint's schema (through its JSON Schema), then mutated.
 * Every case is checked against the same schema before it is sent, so each one is known to be invalid.
 */

// ---------------------------------------------------------------------------------------------- JSON text

/** A JSON fragment written into a payload as it is: prototype keys, escaped keys, very deep nesting. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A body as a list of entries, so a payload can repeat a key or carry `__proto__` as a real key. */
export type Entries = Array<[string | RawJson, unknown]>;

export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const entriesToJson = (entries: Entries) =>
  `{${entries.map(([k, v]) => `${k instanceof RawJson ? k.text : JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;

/**
 * What Fastify's JSON parser (secure-json-parse, proto and constructor poisoning set to `error`) refuses:
 * an own `__proto__` key, or a `constructor` key holding an object with a `prototype` key, at any depth.
 */
export function hasPoisonedKeys(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Object.hasOwn(node, '__proto__')) return true;
    const ctor = Object.hasOwn(node, 'constructor') ? (node as Record<string, unknown>).constructor : undefined;
    if (ctor !== null && typeof ctor === 'object' && Object.hasOwn(ctor, 'prototype')) return true;
    for (const child of Object.values(node)) stack.push(child);
  }
  return false;
}

// ---------------------------------------------------------------------------------------- junk values

const JUNK_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\u200F\u05E9\u05DC\u05D5\u05DD',
  'مرحبا',
  '\u200B',
  '\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  '😀',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  'Z̤͔ͧ̑̓ä͖̭̈̇l͖͎g̞̥͈ͮ̀o',
  '𝕏𝕐',
  'İıß',
  'ﷺ',
  '\r\n',
  '\t',
  '\\',
  '"',
  "'",
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '../../etc/passwd',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}',
  '{{7*7}}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '1e308',
  '-1e308',
  '0x10',
  '1.005',
  '9007199254740993',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
];

const NUMBER_EDGES = [
  -1,
  0,
  -0,
  1,
  1.5,
  0.001,
  1.005,
  99.999,
  1e-7,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  100_000_001,
];
const NUMBER_TEXT = ['NaN', 'Infinity', '-Infinity', '-1', '1e308', '0', '1.5', ' 1', '1 ', '+1', '0x1', '1e3', '١٢٣'];

export const junkString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...JUNK_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.array(fc.constantFrom(...JUNK_STRINGS), { minLength: 2, maxLength: 6 }).map((p) => p.join('')),
  },
);

/** Strings at and beyond every length limit of the contract: 10k characters, in several alphabets. */
export const longString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('a', '9', 'é', '😀', '\u0000', '\u202E', 'ab c'), fc.constantFrom(33, 65, 201, 9_999, 10_000))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

const deepJson: fc.Arbitrary<RawJson> = fc
  .tuple(fc.constantFrom('[', '{"a":'), fc.constantFrom(10, 100, 1_000, 10_000))
  .map(([open, depth]) => {
    const close = open === '[' ? ']' : '}';
    const inner = open === '[' ? '' : '1';
    return new RawJson(open.repeat(depth) + inner + close.repeat(depth));
  });

const poisonedJson = fc.constantFrom(
  new RawJson('{"__proto__":{"isAdmin":true,"balance":1000000}}'),
  new RawJson('{"constructor":{"prototype":{"isAdmin":true}}}'),
  new RawJson('[{"__proto__":null}]'),
  new RawJson('{"\\u005f_proto__":{"status":"active"}}'),
  new RawJson('{"a":{"b":{"__proto__":{"x":1}}}}'),
);

/** Any value of the wrong kind: scalars, edge numbers, junk text, nested containers, poisoned objects. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { a: 1 }, [[[]]], ['x']) },
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...NUMBER_EDGES, ...NUMBER_TEXT) },
  { weight: 3, arbitrary: junkString },
  { weight: 1, arbitrary: longString },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deepJson },
  { weight: 1, arbitrary: poisonedJson },
);

/** Names a client might try to smuggle in, plus prototype names and junk. */
const SMUGGLED_KEYS = [
  'balance',
  'status',
  'uid',
  'id',
  'userId',
  'user_id',
  'vip',
  'vipLevel',
  'guest',
  'isAdmin',
  'role',
  'amount',
  'frozen',
  'password_hash',
  'createdAt',
  'sessionId',
  'prototype',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  '$where',
  'a.b',
  'a[b]',
  '',
  ' ',
  '\u0000',
  '😀',
];

export const unknownKey = (known: ReadonlySet<string>) =>
  fc
    .oneof(
      { weight: 4, arbitrary: fc.constantFrom(...SMUGGLED_KEYS) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
    )
    .filter((key) => !known.has(key));

// ---------------------------------------------------------------------------- plausible values from a schema

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
}

export const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

function stringFrom(s: JsonSchema): fc.Arbitrary<string> {
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern, 'u')).map((text) => text.slice(0, s.maxLength ?? 64));
    } catch {
      // A pattern fast-check cannot read: fall back to plain text.
    }
  }
  const min = s.minLength ?? 0;
  return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(s.maxLength ?? 20, 20)) });
}

function numberFrom(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1_000_000);
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1_000_000);
  const min = Math.max(Math.ceil(lo), -1_000_000_000);
  const max = Math.max(min, Math.min(Math.floor(hi), 1_000_000_000));
  const whole = fc.integer({ min, max });
  return integer
    ? whole
    : fc.oneof(
        whole,
        whole.map((n) => Math.min(max, n + 0.25)),
      );
}

/** A value that a client could plausibly send for this schema (not guaranteed valid: refinements are ignored). */
export function plausible(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if ('const' in s) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => plausible(a, depth + 1)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringFrom(s);
    case 'integer':
      return numberFrom(s, true);
    case 'number':
      return numberFrom(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(plausible(s.items ?? {}, depth + 1), { maxLength: 3 });
    case 'object':
      return depth > 3 ? fc.constant({}) : plausibleObject(s, depth + 1);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

export function plausibleObject(s: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = s.properties ?? {};
  const shape = Object.fromEntries(Object.entries(properties).map(([key, p]) => [key, plausible(p, depth)]));
  return fc.record(shape, { requiredKeys: (s.required ?? []).filter((key) => key in shape) });
}

// ----------------------------------------------------------------------------------------- body mutations

export type BodyMutation =
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'set'; field: string; value: unknown }
  | { kind: 'drop'; field: string }
  | { kind: 'repeat'; field: string; value: unknown }
  | { kind: 'poison'; key: RawJson; value: unknown }
  | { kind: 'replace'; body: unknown };

const POISON_KEYS = ['"__proto__"', '"constructor"', '"prototype"', '"\\u005f_proto__"', '"__proto__ "'].map(
  (text) => new RawJson(text),
);

export function bodyMutation(fields: string[], known: ReadonlySet<string>): fc.Arbitrary<BodyMutation> {
  const field = fields.length ? fc.constantFrom(...fields) : undefined;
  const options: Array<fc.WeightedArbitrary<BodyMutation>> = [
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('extra'), key: unknownKey(known), value: junkValue }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('poison'),
        key: fc.constantFrom(...POISON_KEYS),
        value: fc.oneof(junkValue, fc.constant({ prototype: { isAdmin: true } })),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('replace'),
        body: fc.oneof(fc.constantFrom<unknown>(null, [], '', 'x', 0, true, [{}]), junkValue),
      }),
    },
  ];
  if (field) {
    options.push(
      { weight: 6, arbitrary: fc.record({ kind: fc.constant('set'), field, value: junkValue }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop'), field }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('repeat'), field, value: junkValue }) },
    );
  }
  return fc.oneof(...options);
}

export function applyBodyMutations(base: Record<string, unknown>, mutations: BodyMutation[]): string {
  let entries: Entries = Object.entries(base);
  let replaced: { body: unknown } | undefined;
  for (const m of mutations) {
    switch (m.kind) {
      case 'extra':
        entries.push([m.key, m.value]);
        break;
      case 'set':
        entries = entries.filter(([k]) => k !== m.field);
        entries.push([m.field, m.value]);
        break;
      case 'drop':
        entries = entries.filter(([k]) => k !== m.field);
        break;
      case 'repeat':
        entries.push([m.field, m.value]);
        break;
      case 'poison':
        entries.push([m.key, m.value]);
        break;
      case 'replace':
        replaced = { body: m.body };
        break;
    }
  }
  return replaced ? toJson(replaced.body) : entriesToJson(entries);
}

// --------------------------------------------------------------------------------------- query strings

export type QueryMutation =
  | { kind: 'extra'; key: string; value: string }
  | { kind: 'set'; field: string; value: string }
  | { kind: 'drop'; field: string }
  | { kind: 'repeat'; field: string; value: string };

const textValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: junkString },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBER_TEXT, ...NUMBER_EDGES.map(String)) },
  { weight: 1, arbitrary: longString },
);

export function queryMutation(fields: string[], known: ReadonlySet<string>): fc.Arbitrary<QueryMutation> {
  const options: Array<fc.WeightedArbitrary<QueryMutation>> = [
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('extra'), key: unknownKey(known), value: textValue }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('extra'),
        key: fc.constantFrom('__proto__', '__proto__[isAdmin]', 'constructor[prototype][x]', 'prototype'),
        value: textValue,
      }),
    },
  ];
  if (fields.length) {
    const field = fc.constantFrom(...fields);
    options.push(
      { weight: 6, arbitrary: fc.record({ kind: fc.constant('set'), field, value: textValue }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop'), field }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('repeat'), field, value: textValue }) },
    );
  }
  return fc.oneof(...options);
}

/** Raw endings glued to a query string: malformed escapes, empty pairs, bracket syntax. */
export const QUERY_TAILS = [
  '',
  '&',
  '&&&',
  '=',
  '==x',
  '%',
  '%E0%A4%A',
  '%F0=1',
  '%00=%00',
  'zz[a]=1',
  'zz[]=1&zz[]=2',
  '+=+',
  ';x=1',
  '?x=1',
];

export function applyQueryMutations(
  base: Record<string, unknown>,
  mutations: QueryMutation[],
): Array<[string, string]> {
  let pairs: Array<[string, string]> = Object.entries(base).map(([k, v]) => [k, String(v)]);
  for (const m of mutations) {
    if (m.kind === 'extra') pairs.push([m.key, m.value]);
    else if (m.kind === 'set') {
      pairs = pairs.filter(([k]) => k !== m.field);
      pairs.push([m.field, m.value]);
    } else if (m.kind === 'drop') pairs = pairs.filter(([k]) => k !== m.field);
    else pairs.push([m.field, m.value]);
  }
  return pairs;
}

export const queryText = (pairs: Array<[string, string]>, tail: string) =>
  [new URLSearchParams(pairs).toString(), tail].filter(Boolean).join('&');

/** A query string read the way the server reads it: repeated keys become arrays, `__proto__` is a plain key. */
export function parseQuery(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const previous = Object.hasOwn(out, key) ? out[key] : undefined;
    Object.defineProperty(out, key, {
      value: previous === undefined ? value : [previous, value].flat(),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

// ------------------------------------------------------------------------------------------ path params

const RAW_SEGMENTS = [
  '%',
  '%F0',
  '%E0%A4%A',
  '%ED%A0%80',
  '%00',
  '%2F',
  '-1',
  '0',
  '1.5',
  '1e308',
  'NaN',
  'Infinity',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  '%20',
  'x'.repeat(201),
  '9'.repeat(400),
];

const encodeSegment = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80'; // a lone surrogate: invalid UTF-8 once encoded
  }
};

export const badSegment: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 3, arbitrary: junkString.map(encodeSegment) },
    { weight: 1, arbitrary: longString.map(encodeSegment) },
  )
  // Empty and dot segments ('.', '..', '%2e') never reach the route: URL parsing removes them.
  .filter((segment) => segment.length > 0 && !/^(\.|%2e){1,2}$/i.test(segment));

export const fillPath = (path: string, segments: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => segments[name] ?? '1');

/** Decoded path params, or undefined when the server cannot decode them (a bad URL). */
export function decodeSegments(segments: Record<string, string>): Record<string, string> | undefined {
  try {
    return Object.fromEntries(Object.entries(segments).map(([k, v]) => [k, decodeURIComponent(v)]));
  } catch {
    return undefined;
  }
}

// ------------------------------------------------------------------------------------------ verdicts

export const MAX_PARAM_LENGTH = 200;

/** True when the server must refuse these params: undecodable, over the router's limit, or against the schema. */
export function paramsRefused(endpoint: Endpoint, segments: Record<string, string>): boolean {
  if (!endpoint.params) return false;
  if (Object.values(segments).some((s) => s.length > MAX_PARAM_LENGTH)) return true;
  const decoded = decodeSegments(segments);
  return decoded === undefined || !endpoint.params.safeParse(decoded).success;
}

/**
 * True when a JSON payload must be refused: not JSON, poisoned keys, or against the body schema.
 * Like the server's parser (secure-json-parse), a leading byte-order mark is ignored.
 */
export function bodyRefused(endpoint: Endpoint, payload: string): boolean {
  if (!endpoint.body) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload.replace(/^\uFEFF/, ''));
  } catch {
    return true;
  }
  return hasPoisonedKeys(parsed) || !endpoint.body.safeParse(parsed).success;
}

export const queryRefused = (endpoint: Endpoint, text: string) =>
  endpoint.query ? !endpoint.query.safeParse(parseQuery(text)).success : false;

// ------------------------------------------------------------------------------------------ database

/** Statements of databaseDigest, prepared once per database and table. */
const digestStatements = new WeakMap<Db, Map<string, Statement<[]>>>();

/**
 * A digest of every row of every table (sqlite_schema included), each table in rowid order.
 * Equal digests before and after a request mean the request changed nothing.
 */
export async function databaseDigest(db: Db): Promise<string> {
  let statements = digestStatements.get(db);
  if (!statements) {
    statements = new Map([
      ['', db.prepare("SELECT name, wr FROM pragma_table_list WHERE schema = 'main' AND type = 'table' ORDER BY name")],
    ]);
    digestStatements.set(db, statements);
  }
  const tables = (await statements.get('')!.all()) as { name: string; wr: number }[];
  const hash = createHash('sha256');
  for (const { name, wr } of tables) {
    if (name === 'ops_audit') continue; // append-only record of operator attempts, refused ones included
    let select = statements.get(name);
    if (!select) {
      // (the audit trail's AUTOINCREMENT counter in sqlite_sequence moves with it)
      const where = name === 'sqlite_sequence' ? " WHERE name <> 'ops_audit'" : '';
      select = db.prepare(`SELECT * FROM "${name.replace(/"/g, '""')}"${where}${wr ? '' : ' ORDER BY rowid'}`).raw();
      statements.set(name, select);
    }
    const rows = await select.all();
    hash
      .update(name)
      .update('\u0000')
      .update(JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? String(v) : v)));
  }
  return hash.digest('hex');
}

/** Statements of writeCount, prepared once per database. */
const changeCounters = new WeakMap<Db, Statement<[]>>();

/**
 * Rows inserted, updated or deleted through this connection since it opened (SQLite's total_changes(),
 * rolled-back writes included): a cheap per-request detector; databaseDigest is the full comparison.
 */
export async function writeCount(db: Db): Promise<number> {
  let counter = changeCounters.get(db);
  if (!counter) {
    // The operator audit trail records refused /ops actions too (an append-only insert each): that row is
    // the point of the trail, not a change of state, so it is left out of the count.
    counter = db.prepare('SELECT total_changes() - (SELECT COUNT(*) FROM ops_audit)').pluck();
    changeCounters.set(db, counter);
  }
  return (await counter.get()) as number;
}
