// `npm run ops -- <command>`: drives a running server through its operator API (/ops).
// OPS_URL (default http://localhost:3000) and ADMIN_TOKEN come from the environment. `--help` lists all.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';

import { stepAt, totpCode } from '../server/src/lib/totp';

type Method = 'GET' | 'POST' | 'DELETE';
/** `totp <secret>`: computed here, no server call. */
const TOTP_LOCAL = 'local:totp';
interface Call {
  method: Method;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** Writes the raw answer to this file instead of printing the envelope's data. */
  saveTo?: string;
  /** Sends this file's bytes as the body (application/octet-stream). */
  upload?: string;
  /** Printed after a successful answer (a generated first password). */
  note?: string;
}
type Args = { positional: string[]; flags: Record<string, string | true> };

export const HELP = `Usage: npm run ops -- <command> [arguments] [--flag value]

Environment: OPS_URL (default http://localhost:3000), ADMIN_TOKEN (the server prints it at start).
Amounts are pesos. Every command prints the answer's data as JSON; a failure prints its code and
message and exits with 1.

Any /ops route (also those added later):
  get <path> [key=value ...]            e.g. get /ops/users q=maria
  post <path> [json | key=value ...]    e.g. post /ops/letters '{"uid":12345678,"titleEn":"Hi","contentEn":"Hello"}'
  delete <path> [key=value ...]
  routes                                every /ops route the server has, from its OpenAPI document

Operators:    operators                      GET /ops/operators (accounts, roles, enrolled or not)
              operator create <name> --role <support|cashier|risk|admin|tester> [--password p]
                     prints the TOTP secret (and the otpauth URI) and the first password (generated unless given)
              operator role <id> <role> <reason> | operator disable <id> <reason> | operator enable <id> <reason>
              operator password <id> <new password> <reason> | operator reset-2fa <id> <reason>
              totp <secret>                  the current 6-digit code of a secret (no server call)
Clock:        clock | clock advance <1d12h> | clock set <2026-12-01T00:00:00+08:00> | clock freeze | clock resume | clock real
Players:      users [text] | user <uid> | suspend <uid> [reason] | reactivate <uid> | revoke <uid>
              adjust <uid> <pesos> [reason] | journal <uid> [--page n] | sms [phone]
Deposits:     deposits [--status 0-3] [--uid n] | settle <orderNo> [SUCCESS|FAILED]
              channel <gcash|maya> [--enabled true|false] [--min n] [--max n]
Withdrawals:  withdrawals [--status 0-6] [--uid n] | withdrawal <orderNo> | review <orderNo>
              reject <orderNo> <reason> | payout <orderNo> <success|failed|exception> [reason]
              withdraw-settings [--autoApprove true|false|null] [--payoutDelaySeconds n]
KYC:          kyc [--status pending] | kyc-decide <uid> <verified|rejected> [reason] | captcha <token>
VIP:          vip <uid>                      GET /ops/users/:uid/vip (VIP and friends cards as the player sees them)
Inbox:        letters [--uid n] [--page n]   GET /ops/letters (sends, with read and claim counts)
              letter <uid|all> <title> [text] [--vi-title t] [--vi-text t] [--type notice|reward]
                     [--cash pesos] [--points n] [--energy n] [--coupon RELOAD20]   POST /ops/letters
Codes:        codes [text]                   GET /ops/codes
              code <CODE> --uses n [--cash pesos] [--points n] [--energy n] [--coupon RELOAD20]
                   [--min-vip n] [--expires 2026-12-31T23:59:59+08:00] [--remark text]   POST /ops/codes
Scenarios:    scenarios | scenario <name>
              fresh new-player first-deposit-pending vip3-rich pending-withdrawal kyc-expired
              referral-network suspended poker-53-of-54 inbox-full
Snapshots:    snapshots | snapshot save <name> [note] | snapshot restore <name> [--keep-clock]
              snapshot delete <name> | snapshot export <name> [file.db] [--full] | snapshot import <file.db> [name]
Faults:       faults | fault <kind> [--uid n] [--route /api/x|/api/*] [--method GET] [--ms n]
              [--status n] [--code n] [--delay seconds] [--card BJ] [--count n] | unfault [id]
              [--regex '^/api/(a|b)'] [--jitter ms] [--distribution fixed|uniform|normal]
              [--probability 0.3] [--msg text] [--data json]
              kinds: latency error reset hang socket.drop socket.delay (--ms, --jitter) socket.loss (--probability)
                     deposit.fail deposit.timeout deposit.duplicate deposit.late payout.fail payout.exception
                     poker.card (--card: the next draw's card)
Stubs:        get /ops/stubs | post /ops/stubs '<json>' | delete /ops/stubs [id=n]   (README "Stubs")
Request log:  requests [--path text] [--uid n] [--code n] [--limit n] | har [file.har] | clear-requests
              replay <file.har> [--scenario name] [--password typed]   POST /ops/har/replay: status and code per request
Sockets:      sockets | push <uid> <event> [content as JSON]   (POST /ops/push { uid, event, content } is the same)

Examples:
  npm run ops -- scenario pending-withdrawal
  npm run ops -- scenario poker-53-of-54 && npm run ops -- fault poker.card --card BJ
  npm run ops -- letter 12345678 "A gift" "For you" --cash 50 --coupon RELOAD20
  npm run ops -- code SUMMER50 --uses 100 --cash 50 --min-vip 1
  npm run ops -- vip 12345678
  npm run ops -- fault error --route /api/user/info --code 20002 --uid 12345678
  npm run ops -- fault deposit.late --delay 600 && npm run ops -- clock advance 11m
  npm run ops -- snapshot save before-review && npm run ops -- snapshot restore before-review`;

export function parseArgs(argv: string[]): Args {
  const positional: string[] = [];
  const flags: Args['flags'] = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg.startsWith('--')) {
      const [key, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
      const next = argv[i + 1];
      if (inline !== undefined) flags[key] = inline;
      else if (next !== undefined && !next.startsWith('--')) {
        flags[key] = next;
        i++;
      } else flags[key] = true;
    } else positional.push(arg);
  }
  return { positional, flags };
}

/** Text from the command line to JSON: numbers, booleans and null as themselves. */
const scalar = (text: string): unknown => {
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (text === 'true' || text === 'false') return text === 'true';
  if (text === 'null') return null;
  return text;
};

const pairs = (items: string[]) =>
  Object.fromEntries(
    items.map((item) => {
      const at = item.indexOf('=');
      if (at < 1) throw new UsageError(`expected key=value, got "${item}"`);
      return [item.slice(0, at), item.slice(at + 1)];
    }),
  );

const flagQuery = (flags: Args['flags'], names: string[]) =>
  Object.fromEntries(names.flatMap((n) => (typeof flags[n] === 'string' ? [[n, flags[n] as string]] : [])));

const flagBody = (flags: Args['flags'], names: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(names).flatMap(([flag, field]) =>
      typeof flags[flag] === 'string' ? [[field, scalar(flags[flag] as string)]] : [],
    ),
  );

/** --cash, --points, --energy and --coupon as the rewards of a letter or a code. */
const rewardFlags = (flags: Args['flags']) => {
  const rewards: { type: string; amount: number; coupon?: string }[] = [];
  const amount = (flag: string) => (typeof flags[flag] === 'string' ? Number(flags[flag]) : undefined);
  const cash = amount('cash');
  if (cash !== undefined) rewards.push({ type: 'cash', amount: cash });
  const points = amount('points');
  if (points !== undefined) rewards.push({ type: 'point', amount: points });
  const energy = amount('energy');
  if (energy !== undefined) rewards.push({ type: 'energy', amount: energy });
  if (typeof flags.coupon === 'string') rewards.push({ type: 'coupon', amount: 1, coupon: flags.coupon });
  return rewards;
};

export class UsageError extends Error {}

const need = (value: string | undefined, what: string): string => {
  if (value === undefined || value === '') throw new UsageError(`missing ${what}`);
  return value;
};

/** The HTTP call a command line stands for. */
/** `operator <create|role|disable|enable|password|reset-2fa> ...`: the admins' Operators section. */
function operatorCall(rest: string[], flags: Record<string, string | true>): Call {
  const [action, a, b] = rest;
  const reasonFrom = (i: number) => need(rest.slice(i).join(' '), 'reason');
  switch (action) {
    case 'create': {
      const role = need(typeof flags.role === 'string' ? flags.role : undefined, '--role');
      const given = typeof flags.password === 'string' ? flags.password : undefined;
      const password = given ?? randomBytes(12).toString('base64url');
      return {
        method: 'POST',
        path: '/ops/operators',
        body: { name: need(a, 'name'), role, password },
        ...(given ? {} : { note: `first password (hand it over, then it is theirs to keep secret): ${password}` }),
      };
    }
    case 'role':
      return {
        method: 'POST',
        path: `/ops/operators/${need(a, 'id')}`,
        body: { role: need(b, 'role'), reason: reasonFrom(3) },
      };
    case 'disable':
    case 'enable':
      return {
        method: 'POST',
        path: `/ops/operators/${need(a, 'id')}`,
        body: { disabled: action === 'disable', reason: reasonFrom(2) },
      };
    case 'password':
      return {
        method: 'POST',
        path: `/ops/operators/${need(a, 'id')}/password`,
        body: { password: need(b, 'new password'), reason: reasonFrom(3) },
      };
    case 'reset-2fa':
      return { method: 'POST', path: `/ops/operators/${need(a, 'id')}/totp/reset`, body: { reason: reasonFrom(2) } };
    default:
      throw new Error('operator: create, role, disable, enable, password or reset-2fa');
  }
}

export function toCall(argv: string[]): Call | 'help' {
  const { positional, flags } = parseArgs(argv);
  const [command, ...rest] = positional;
  const [a, b, c] = rest;
  if (!command || command === 'help' || flags.help) return 'help';
  const path = (p: string) => (p.startsWith('/') ? p : `/${p}`);

  switch (command) {
    case 'get':
      return { method: 'GET', path: path(need(a, 'path')), query: pairs(rest.slice(1)) };
    case 'delete':
      return { method: 'DELETE', path: path(need(a, 'path')), query: pairs(rest.slice(1)) };
    case 'post': {
      const tail = rest.slice(1);
      const body =
        tail.length === 1 && tail[0]?.trim().startsWith('{')
          ? JSON.parse(tail[0])
          : Object.fromEntries(Object.entries(pairs(tail)).map(([k, v]) => [k, scalar(v as string)]));
      return { method: 'POST', path: path(need(a, 'path')), body };
    }
    case 'totp':
      return { method: 'GET', path: TOTP_LOCAL, query: { secret: need(a, 'secret') } };
    case 'routes':
      return { method: 'GET', path: '/api/docs/json' };

    case 'clock':
      if (a === 'advance') return { method: 'POST', path: '/ops/clock', body: { advance: need(b, 'duration') } };
      if (a === 'set') return { method: 'POST', path: '/ops/clock', body: { set: need(b, 'instant') } };
      if (a === 'freeze' || a === 'resume' || a === 'real')
        return { method: 'POST', path: '/ops/clock', body: { action: a } };
      return { method: 'GET', path: '/ops/clock' };

    case 'users':
      return { method: 'GET', path: '/ops/users', query: { q: rest.join(' ') } };
    case 'user':
      return { method: 'GET', path: `/ops/users/${need(a, 'uid')}` };
    case 'suspend':
      return {
        method: 'POST',
        path: `/ops/users/${need(a, 'uid')}/status`,
        body: { status: 'suspended', reason: rest.slice(1).join(' ') },
      };
    case 'reactivate':
      return { method: 'POST', path: `/ops/users/${need(a, 'uid')}/status`, body: { status: 'active', reason: '' } };
    case 'revoke':
      return { method: 'POST', path: `/ops/users/${need(a, 'uid')}/sessions/revoke`, body: {} };
    case 'adjust':
      return {
        method: 'POST',
        path: `/ops/users/${need(a, 'uid')}/adjust`,
        body: { amount: Number(need(b, 'amount')), reason: rest.slice(2).join(' ') || 'adjusted from the ops CLI' },
      };
    case 'journal':
      return {
        method: 'GET',
        path: `/ops/users/${need(a, 'uid')}/journal`,
        query: flagQuery(flags, ['page', 'size', 'type']),
      };
    case 'sms':
      return { method: 'GET', path: '/ops/sms', query: a ? { phone: a } : {} };

    case 'deposits':
      return {
        method: 'GET',
        path: '/ops/deposits',
        query: flagQuery(flags, ['status', 'uid', 'orderNo', 'page', 'size']),
      };
    case 'settle':
      return {
        method: 'POST',
        path: `/ops/deposits/${need(a, 'order number')}/settle`,
        body: { status: (b ?? 'SUCCESS').toUpperCase(), reason: rest.slice(2).join(' ') },
      };
    case 'operators':
      return { method: 'GET', path: '/ops/operators' };
    case 'operator':
      return operatorCall(rest, flags);
    case 'channel':
      return {
        method: 'POST',
        path: `/ops/channels/${need(a, 'channel')}`,
        body: flagBody(flags, { enabled: 'enabled', min: 'min', max: 'max' }),
      };

    case 'withdrawals':
      return {
        method: 'GET',
        path: '/ops/withdrawals',
        query: flagQuery(flags, ['status', 'uid', 'orderNo', 'page', 'size']),
      };
    case 'withdrawal':
      return { method: 'GET', path: `/ops/withdrawals/${need(a, 'order number')}` };
    case 'review':
      return { method: 'POST', path: `/ops/withdrawals/${need(a, 'order number')}/review`, body: {} };
    case 'reject':
      return {
        method: 'POST',
        path: `/ops/withdrawals/${need(a, 'order number')}/reject`,
        body: { reason: need(rest.slice(1).join(' '), 'reason') },
      };
    case 'payout':
      return {
        method: 'POST',
        path: `/ops/withdrawals/${need(a, 'order number')}/payout`,
        body: { result: need(b, 'result'), reason: rest.slice(2).join(' ') },
      };
    case 'withdraw-settings': {
      const body = flagBody(flags, { autoApprove: 'autoApprove', payoutDelaySeconds: 'payoutDelaySeconds' });
      return Object.keys(body).length
        ? { method: 'POST', path: '/ops/withdraw-settings', body }
        : { method: 'GET', path: '/ops/withdraw-settings' };
    }

    case 'kyc':
      return { method: 'GET', path: '/ops/kyc', query: flagQuery(flags, ['status', 'uid', 'page', 'size']) };
    case 'kyc-decide':
      return {
        method: 'POST',
        path: `/ops/kyc/${need(a, 'uid')}/decide`,
        body: { decision: need(b, 'decision'), reason: rest.slice(2).join(' ') },
      };
    case 'captcha':
      return { method: 'GET', path: `/ops/captcha/${need(a, 'token')}` };

    case 'scenarios':
      return { method: 'GET', path: '/ops/scenarios' };
    case 'scenario':
      return { method: 'POST', path: `/ops/scenarios/${need(a, 'scenario name')}`, body: {} };
    case 'snapshots':
      return { method: 'GET', path: '/ops/snapshots' };
    case 'snapshot': {
      const name = need(b, 'snapshot name');
      if (a === 'save')
        return { method: 'POST', path: `/ops/snapshots/${name}`, body: { note: rest.slice(2).join(' ') } };
      if (a === 'restore')
        return {
          method: 'POST',
          path: `/ops/snapshots/${name}/restore`,
          body: { keepClock: flags['keep-clock'] === true },
        };
      if (a === 'delete') return { method: 'DELETE', path: `/ops/snapshots/${name}` };
      // --full: the saved file itself (the service account only, audited); else the masked copy.
      if (a === 'export')
        return {
          method: 'GET',
          path: `/ops/snapshots/${name}/file${flags.full === true ? '?full=true' : ''}`,
          saveTo: c ?? `${name}.db`,
        };
      if (a === 'import') {
        // snapshot import <file.db> [name]: the name defaults to the file's, without folder and extension.
        const named =
          c ??
          (basename(name)
            .replace(/\.db$/, '')
            .toLowerCase()
            .replace(/[^a-z0-9-]/g, '-') ||
            'imported');
        return { method: 'POST', path: `/ops/snapshots/${named}/file`, upload: name };
      }
      throw new UsageError('snapshot save|restore|delete|export|import <name>');
    }

    case 'faults':
      return { method: 'GET', path: '/ops/faults' };
    case 'fault':
      return {
        method: 'POST',
        path: '/ops/faults',
        body: {
          kind: need(a, 'fault kind'),
          ...flagBody(flags, {
            uid: 'uid',
            route: 'route',
            method: 'method',
            ms: 'ms',
            status: 'status',
            code: 'code',
            delay: 'delaySeconds',
            card: 'card',
            count: 'count',
            regex: 'regex',
            jitter: 'jitterMs',
            distribution: 'distribution',
            probability: 'probability',
            msg: 'msg',
          }),
          ...(typeof flags.data === 'string' ? { data: JSON.parse(flags.data) } : {}),
        },
      };
    case 'unfault':
      return { method: 'DELETE', path: '/ops/faults', query: a ? { id: a } : {} };

    case 'vip':
      return { method: 'GET', path: `/ops/users/${need(a, 'uid')}/vip` };
    case 'letters':
      return { method: 'GET', path: '/ops/letters', query: flagQuery(flags, ['uid', 'page', 'size']) };
    case 'letter': {
      const to = need(a, 'uid or all');
      const titleEn = need(b, 'title');
      const text = (flag: string) => (typeof flags[flag] === 'string' ? (flags[flag] as string) : undefined);
      return {
        method: 'POST',
        path: '/ops/letters',
        body: {
          ...(to === 'all' ? { all: true } : { uid: Number(to) }),
          titleEn,
          contentEn: rest.slice(2).join(' ') || titleEn,
          ...(text('vi-title') ? { titleVi: text('vi-title') } : {}),
          ...(text('vi-text') ? { contentVi: text('vi-text') } : {}),
          ...(text('type') ? { type: text('type') } : {}),
          rewards: rewardFlags(flags),
        },
      };
    }
    case 'codes':
      return {
        method: 'GET',
        path: '/ops/codes',
        query: { ...(a ? { q: a } : {}), ...flagQuery(flags, ['page', 'size']) },
      };
    case 'code':
      return {
        method: 'POST',
        path: '/ops/codes',
        body: {
          code: need(a, 'code'),
          totalUses: Number(need(typeof flags.uses === 'string' ? flags.uses : undefined, '--uses')),
          rewards: rewardFlags(flags),
          ...flagBody(flags, { 'min-vip': 'minVip' }),
          ...(typeof flags.remark === 'string' ? { remark: flags.remark } : {}),
          ...(typeof flags.expires === 'string' ? { expiresAt: flags.expires } : {}),
        },
      };

    case 'requests':
      return { method: 'GET', path: '/ops/requests', query: flagQuery(flags, ['path', 'uid', 'code', 'limit', 'ops']) };
    case 'har':
      return {
        method: 'GET',
        path: '/ops/requests.har',
        query: flagQuery(flags, ['path', 'uid', 'code', 'limit']),
        saveTo: a ?? 'requests.har',
      };
    case 'replay': {
      const file = need(a, 'HAR file');
      return {
        method: 'POST',
        path: '/ops/har/replay',
        body: {
          har: JSON.parse(readFileSync(file, 'utf8')),
          ...(typeof flags.scenario === 'string' ? { scenario: flags.scenario } : {}),
          ...(typeof flags.password === 'string' ? { password: flags.password } : {}),
        },
      };
    }
    case 'clear-requests':
      return { method: 'DELETE', path: '/ops/requests' };
    case 'sockets':
      return { method: 'GET', path: '/ops/sockets' };
    case 'push':
      return {
        method: 'POST',
        path: `/ops/sockets/${need(a, 'uid')}/push`,
        body: { event: need(b, 'event'), ...(c !== undefined ? { content: scalar(c) } : {}) },
      };
  }
  throw new UsageError(`unknown command "${command}" (npm run ops -- --help)`);
}

export interface RunOptions {
  url: string;
  token: string | undefined;
  print: (text: string) => void;
  fetch?: typeof fetch;
}

/** Runs one command line; resolves to the process exit code. */
export async function run(argv: string[], options: RunOptions): Promise<number> {
  let call: Call | 'help';
  try {
    call = toCall(argv);
  } catch (error) {
    options.print(`ops: ${(error as Error).message}`);
    return 2;
  }
  if (call === 'help') {
    options.print(HELP);
    return 0;
  }
  if (call.path === TOTP_LOCAL) {
    options.print(totpCode(call.query?.secret ?? '', stepAt(Date.now())));
    return 0;
  }
  if (!options.token && call.path.startsWith('/ops')) {
    options.print('ops: set ADMIN_TOKEN (the server prints it at start when it generated one)');
    return 2;
  }
  const url = new URL(call.path, options.url);
  for (const [k, v] of Object.entries(call.query ?? {})) url.searchParams.set(k, v);
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(url, {
      method: call.method,
      headers: {
        authorization: `Bearer ${options.token ?? ''}`,
        ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(call.upload !== undefined ? { 'content-type': 'application/octet-stream' } : {}),
      },
      ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
      ...(call.upload !== undefined ? { body: readFileSync(call.upload) } : {}),
    });
  } catch (error) {
    options.print(`ops: cannot reach ${options.url} (${(error as Error).message}); is the server running?`);
    return 1;
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  // A file to keep (HAR, snapshot), unless the server answered a failure envelope instead.
  if (call.saveTo && response.ok && !bytes.subarray(0, 16).toString().startsWith('{"success":false')) {
    writeFileSync(call.saveTo, bytes);
    options.print(`saved ${call.saveTo} (${bytes.length} bytes)`);
    return 0;
  }
  const text = bytes.toString('utf8');
  if (call.path === '/api/docs/json') {
    const doc = JSON.parse(text) as { paths: Record<string, Record<string, { summary?: string }>> };
    for (const [p, methods] of Object.entries(doc.paths).filter(([p]) => p.startsWith('/ops'))) {
      for (const [m, op] of Object.entries(methods)) {
        options.print(`${m.toUpperCase().padEnd(6)} ${p.replace(/\{(\w+)\}/g, ':$1').padEnd(40)} ${op.summary ?? ''}`);
      }
    }
    return 0;
  }
  let envelope: { success?: boolean; code?: number; msg?: string; data?: unknown };
  try {
    envelope = JSON.parse(text);
  } catch {
    options.print(`HTTP ${response.status}: ${text.slice(0, 500)}`);
    return 1;
  }
  if (!envelope.success) {
    options.print(`failed: code ${envelope.code} ${envelope.msg ?? ''}`);
    if (envelope.data) options.print(JSON.stringify(envelope.data, null, 2));
    return 1;
  }
  options.print(JSON.stringify(envelope.data, null, 2));
  if (call.note) options.print(call.note);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const code = await run(process.argv.slice(2), {
    url: process.env.OPS_URL ?? 'http://localhost:3000',
    token: process.env.ADMIN_TOKEN,
    print: (text) => console.log(text),
  });
  process.exit(code);
}
