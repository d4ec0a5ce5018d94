/**
 * The calls `npm run openapi` records as the OpenAPI document's examples (scenarioExamples in openapi.ts):
 * phases in order, each on a freshly loaded scenario (server/src/domains/tooling/scenarios), each a list of
 * operations by their document key (`post /ops/users/{uid}/adjust`) with what they need: path parameters,
 * query, body, who calls. A step without inputs is called as the phase's player (an `/ops` path with the
 * operator's token). Order matters: a claim comes after its reward exists, a cancel after its build.
 *
 * A new endpoint: add its key to the phase whose scenario has what it needs (docs/contract.md, "Examples");
 * docs.test fails while an operation of the document has no success example and is not in EXAMPLE_EXCEPTIONS.
 */
import { md5 } from 'js-md5';
import { Code } from '../../../shared/codes';
import { signFields } from '../lib/signature';
import { stepAt, totpCode } from '../lib/totp';
import { retryDelaySeconds, WEBHOOK_MAX_TRIES } from '../sandbox/webhook';
import { documentBodies } from '../world/recipes';
import type { TestApp } from './harness';
import type { Player } from './world';

type Data = Record<string, unknown> & { [key: string]: unknown };
/** What the recorder keeps between steps. */
export interface RecordingContext {
  t: TestApp;
  /** The `data` of the last successful answer of each operation, by key. */
  data: Record<string, Data | Data[] | undefined>;
  /** The players logged in so far in this phase, by username. */
  players: Record<string, Player>;
  player(username: string): Promise<Player>;
}

export interface ExampleCall {
  summary?: string;
  /** A scenario persona's username; null for no session; default the phase's player. */
  as?: string | null;
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** The refusal this call is meant to show (its code); without it the call must succeed. */
  refusal?: number;
  /** A body that is not JSON (a snapshot file): sent as is, not shown in the example. */
  raw?: { contentType: string; payload: Buffer };
}

type Input = ExampleCall | ((c: RecordingContext) => ExampleCall | Promise<ExampleCall>);
/** An operation to record, or a step of preparation whose answer is not an example. */
export type Step = [key: string, input?: Input] | ((c: RecordingContext) => Promise<void>);

export interface Phase {
  scenario: string;
  /** The persona who calls unless a step says otherwise. */
  player: string;
  steps: Step[];
}

/**
 * Operations with no success example, each with its reason. Everything else of the document must have one.
 */
export const EXAMPLE_EXCEPTIONS: Record<string, string> = {
  // Both answer a file, not the JSON envelope: their 200 answer is the file's own schema (FILE_ANSWERS in
  // plugins/docs.ts), and an example of a HAR or of a database would be pages of noise or binary.
  'get /ops/requests.har': 'answers the request log as an HTTP Archive attachment, not an envelope',
  'get /ops/snapshots/{name}/file': 'answers the snapshot as an SQLite database file (binary), not an envelope',
  'get /ops/kyc/{uid}/documents/{kind}': "answers the player's photo itself (binary image), not an envelope",
};

const OPERATOR_PASSWORD = 'example-password-1';
const operatorId = (c: RecordingContext) => Number((first(c.data['post /ops/operators']).operator as Data).id);
/** The authenticator's code now (the harness's frozen clock) for the operator just created. */
const operatorCode = (c: RecordingContext) =>
  totpCode(String((first(c.data['post /ops/operators']).enrol as Data).secret), stepAt(c.t.app.clock.nowMs()));

const first = (value: unknown): Data => (Array.isArray(value) ? value[0] : value) as Data;
const listOf = (value: unknown): Data[] => {
  if (Array.isArray(value)) return value as Data[];
  const v = value as Data | undefined;
  for (const key of ['list', 'records', 'items', 'rows', 'tasks']) if (Array.isArray(v?.[key])) return v[key] as Data[];
  return [];
};
const uidOf = async (c: RecordingContext, username: string) => (await c.player(username)).uid;
const PASSWORD = 'Secret123';
const REGISTER = { username: 'juan0001', password: md5(PASSWORD), phone: '9170000009', agree: true };
/** The sign-up code last texted to `phone` (the outbox a tester reads at /ops/sms). */
const signUpCode = async (c: RecordingContext, phone: string) =>
  String((await c.t.app.services.sms.outbox(phone, 10)).find((m) => m.purpose === 'register')?.code);
const rewardLetters = (c: RecordingContext) =>
  listOf(c.data['get /api/letter']).filter((l) => (l.rewards as unknown[]).length > 0 && !l.claimed);
const sessionToken = (c: RecordingContext) =>
  String(first(c.data['post /api/provider/wallet/authenticate']).sessionToken);
const provider = (c: RecordingContext, fields: Record<string, string>) => ({
  ...fields,
  signature: signFields(fields, c.t.app.config.providerSecret),
});

export const PHASES: Phase[] = [
  {
    scenario: 'new-player',
    player: 'maria001',
    steps: [
      [
        'post /api/user/sms/send/register',
        { as: null, summary: 'The sign-up form texts a code', body: { phone: REGISTER.phone } },
      ],
      [
        'post /api/user/custom/register',
        async (c) => ({
          as: null,
          summary: 'A new player, with the code texted to the phone',
          body: { ...REGISTER, smsCode: await signUpCode(c, REGISTER.phone) },
        }),
      ],
      [
        'post /api/user/custom/register',
        {
          as: null,
          summary: 'Without the code texted to the phone',
          refusal: Code.SMS_CODE_INVALID,
          body: { ...REGISTER, username: 'juan0002', phone: '9170000010' },
        },
      ],
      ['post /api/user/sms/send/register', { as: null, body: { phone: '9170000010' } }],
      [
        'post /api/user/custom/register',
        async (c) => ({
          as: null,
          summary: 'The username is taken: maria001',
          refusal: Code.USERNAME_TAKEN,
          body: { ...REGISTER, username: 'maria001', phone: '9170000010', smsCode: await signUpCode(c, '9170000010') },
        }),
      ],
      [
        'post /api/user/login',
        { as: null, summary: 'maria001 logs in', body: { username: 'maria001', password: md5(PASSWORD) } },
      ],
      [
        'post /api/user/login',
        {
          as: null,
          summary: 'A wrong password',
          refusal: Code.LOGIN_FAILED,
          body: { username: 'maria001', password: md5('wrong-one') },
        },
      ],
      ['get /health', { as: null }],
      ['get /ready', { as: null }],
      ['get /api/config/fetch', { as: null }],
      ['get /api/app/version', { as: null }],
      ['get /api/app/faq', { as: null }],
      ['get /api/open/banner/info', { as: null }],
      ['get /api/open/notice/info', { as: null }],
      ['get /api/open/game/type', { as: null }],
      ['get /api/open/game/fetch', { as: null, query: { type: 'slot', page: 1, size: 2 } }],
      ['get /api/open/game/fetch/hot', { as: null, query: { page: 1, size: 2 } }],
      ['get /api/open/game/fetch/live', { as: null, query: { page: 1, size: 2 } }],
      ['get /api/open/game/search', { as: null, query: { q: 'fiesta', page: 1, size: 2 } }],
      ['get /api/open/game/searchDiscover', { as: null }],
      ['get /api/open/manuf/fetch', { as: null, query: { type: 'slot' } }],
      ['post /api/user/register/flag', { as: null, body: { username: 'maria001' } }],
      ['post /api/user/guest/login', { as: null, body: {} }],
      ['post /api/user/sms/send/register', { as: '@session', body: { phone: '9170000011' } }],
      [
        'post /api/user/guest/register',
        async (c) => ({
          as: '@session',
          body: {
            username: 'guest0001',
            password: md5(PASSWORD),
            phone: '9170000011',
            agree: true,
            smsCode: await signUpCode(c, '9170000011'),
          },
        }),
      ],
      ['get /api/user/info'],
      ['get /api/user/base'],
      ['get /api/user/kyc'],
      ['get /api/user/share'],
      ['get /api/user/follow'],
      ['get /api/badge/data'],
      ['get /api/balance'],
      ['get /api/material/avatar'],
      ['get /api/fb/event/fetch'],
      ['get /api/game/type'],
      ['get /api/game/helper'],
      ['get /api/game/fetch', { query: { type: 'slot', page: 1, size: 2 } }],
      ['get /api/game/fetch/hot', { query: { page: 1, size: 2 } }],
      ['get /api/game/fetch/live', { query: { page: 1, size: 2 } }],
      ['get /api/manuf/fetch', { query: { type: 'slot' } }],
      ['post /api/user/game/collect', (c) => ({ body: { gameId: first(listOf(c.data['get /api/game/fetch'])).id } })],
      ['get /api/user/game/collect/fetch', { query: { page: 1, size: 10 } }],
      [
        'post /api/user/game/collect/del',
        (c) => ({ body: { gameId: first(listOf(c.data['get /api/game/fetch'])).id } }),
      ],
      ['get /api/recharge/method'],
      ['get /api/recharge/amount', { query: { channel: 'gcash' } }],
      ['get /api/recharge/bank', { query: { channel: 'gcash' } }],
      ['get /api/coupon/fetch', { query: { status: 'available' } }],
      ['post /api/recharge/preCreate', { body: { channel: 'gcash', amount: 500 } }],
      [
        'post /api/recharge/build',
        { summary: '500 pesos by GCash, maria001', body: { channel: 'gcash', amount: 500 } },
      ],
      [
        'post /api/recharge/build',
        {
          summary: 'A first deposit below the minimum',
          refusal: Code.FIRST_DEPOSIT_MIN,
          body: { channel: 'gcash', amount: 100 },
        },
      ],
      ['post /api/recharge/resume', (c) => ({ body: { orderNo: first(c.data['post /api/recharge/build']).orderNo } })],
      ['post /api/recharge/cancel', (c) => ({ body: { orderNo: first(c.data['post /api/recharge/build']).orderNo } })],
      ['get /api/recharge/fetch', { query: { page: 1, size: 10 } }],
      ['get /api/withdraw/limits'],
      ['get /api/withdraw/wagering'],
      ['get /api/withdraw/fetch', { query: { page: 1, size: 10 } }],
      ['get /api/user/bankCard/wallet/account'],
      ['get /api/user/balanceJournal/type'],
      ['get /api/user/balanceJournal/fetch', { query: { page: 1, size: 10 } }],
      ['get /api/game/record/{type}', { params: { type: 'all' }, query: { page: 1, size: 10 } }],
      ['get /api/task/fetch'],
      ['get /api/bonus/signIn/fetch'],
      ['get /api/bonus/dailyDeposit/fetch'],
      ['get /api/bonus/returnGift/fetch'],
      ['get /api/vip/card/fetch'],
      ['get /api/friend/card/fetch'],
      ['get /api/friend/card/rewards/record', { query: { kind: 'deposit', page: 1, size: 10 } }],
      ['get /api/invite/rankings/fetch'],
      ['get /api/mallExchange/info'],
      ['get /api/poker/fetch'],
      ['get /api/poker/message'],
      async (c) => {
        // The draw is random: the poker.card fault decides it, so the example stays the same.
        await c.t.app.inject({
          method: 'POST',
          url: '/ops/faults',
          headers: c.t.opsHeaders(),
          payload: { kind: 'poker.card', card: 'JD' },
        });
      },
      ['post /api/poker/draw', { body: {} }],
      ['get /api/responsible/fetch'],
      ['post /api/responsible/depositLimit', { body: { period: 'day', amount: 5000 } }],
      ['get /api/letter/type'],
      ['get /api/letter', { query: { page: 1, size: 10 } }],
      ['get /api/chat'],
      ['post /api/chat/send', { body: { text: 'Hello, my deposit is not credited yet' } }],
      ['post /api/chat/read', { body: {} }],
      ['get /api/captcha'],
      ['post /api/user/modify', { body: { nickname: 'Maria', gender: 'female' } }],
      ...documentBodies().map((body): Step => ['post /api/user/kyc/documents', { body }]),
      [
        'post /api/user/kyc/submit',
        { body: { realName: 'Maria Santos', birthDate: '03/14/1995', idType: 'umid', idNumber: '0111-7654321-0' } },
      ],
      ['post /api/user/modifyPasswordTrade', { body: { newPassword: md5('trade123') } }],
      [
        'post /api/user/bankCard/create',
        { body: { bank: 'gcash', name: 'Maria Santos', account: '9171230001', password: md5('trade123') } },
      ],
      ['post /api/user/sms/send/bind', { body: { phone: '9170000001' } }],
      ['post /api/user/sms/send/resetTradePwd', { body: {} }],
      async (c) => {
        c.data.smsCode = { code: (await c.t.smsCodes('9170000001'))[0] };
      },
      [
        'post /api/reset/trade/pwd',
        (c) => ({ body: { code: (c.data.smsCode as Data).code, password: md5('trade456') } }),
      ],
      ['post /api/user/modifyPasswordLogin', { body: { oldPassword: md5(PASSWORD), newPassword: md5('Secret456') } }],
      ['post /api/user/sms/send/resetLoginPwd', { as: null, body: { phone: '9170000001' } }],
      async (c) => {
        c.data.smsCode = { code: (await c.t.smsCodes('9170000001'))[0] };
      },
      [
        'post /api/reset/login/pwd',
        (c) => ({
          as: null,
          body: { phone: '9170000001', code: (c.data.smsCode as Data).code, password: md5(PASSWORD) },
        }),
      ],
      async (c) => {
        delete c.players.maria001;
        await c.t.fund(await c.player('maria001'), 100);
      },
      ['get /api/game/record/{type}', { params: { type: 'slot' } }],
      ['post /api/game/getUrl', (c) => ({ body: { gameId: first(listOf(c.data['get /api/game/fetch'])).id } })],
      [
        'post /api/provider/wallet/authenticate',
        (c) => {
          const playUrl = String(first(c.data['post /api/game/getUrl']).playUrl);
          const launchToken = new URL(playUrl, 'http://localhost').searchParams.get('token') ?? '';
          return { as: null, body: provider(c, { launchToken }) };
        },
      ],
      [
        'post /api/provider/wallet/balance',
        (c) => ({ as: null, body: provider(c, { sessionToken: sessionToken(c) }) }),
      ],
      [
        'post /api/provider/wallet/bet',
        (c) => ({
          as: null,
          body: provider(c, {
            sessionToken: sessionToken(c),
            transactionId: 'example-bet-1',
            roundId: 'example-round-1',
            amount: '5.00',
          }),
        }),
      ],
      [
        'post /api/provider/wallet/raise',
        (c) => ({
          as: null,
          body: provider(c, {
            sessionToken: sessionToken(c),
            transactionId: 'example-raise-1',
            roundId: 'example-round-1',
            amount: '5.00',
          }),
        }),
      ],
      [
        'post /api/provider/wallet/win',
        (c) => ({
          as: null,
          body: provider(c, {
            transactionId: 'example-win-1',
            roundId: 'example-round-1',
            amount: '18.00',
            result: 'win',
          }),
        }),
      ],
      [
        'post /api/provider/wallet/bet',
        (c) => ({
          as: null,
          summary: 'A second round, rolled back below',
          body: provider(c, {
            sessionToken: sessionToken(c),
            transactionId: 'example-bet-2',
            roundId: 'example-round-2',
            amount: '5.00',
          }),
        }),
      ],
      [
        'post /api/provider/wallet/rollback',
        (c) => ({
          as: null,
          body: provider(c, { transactionId: 'example-rollback-2', betTransactionId: 'example-bet-2' }),
        }),
      ],
      [
        'get /api/provider/verify',
        {
          as: null,
          query: {
            title: 'nfg-coin-flip-clash',
            serverSeed: 'example-server-seed',
            clientSeed: 'example-client-seed',
            nonce: 1,
            params: JSON.stringify({ stake: 1000, side: 'heads', coins: 1 }),
          },
        },
      ],
      [
        'post /api/user/bind',
        (c) => ({ body: { inviteCode: String(first(c.data['post /api/user/custom/register']).invitationCode) } }),
      ],
      ['post /api/user/logout', { body: {} }],
      async (c) => {
        delete c.players.maria001;
      },
      ['post /api/responsible/break', { body: { kind: 'cooloff', length: '24h' } }],
    ],
  },
  {
    scenario: 'first-deposit-pending',
    player: 'pedro001',
    steps: [
      ['get /ops/deposits', { query: { page: 1, size: 10 } }],
      [
        'post /api/payment/callback',
        (c) => {
          const order = first(listOf(c.data['get /ops/deposits']));
          const fields = {
            orderNo: String(order.orderNo),
            amount: Number(order.amount).toFixed(2),
            status: 'FAILED',
            gatewayRef: `G${order.orderNo}`,
            timestamp: c.t.app.clock.iso(),
          };
          return { as: null, body: { ...fields, signature: signFields(fields, c.t.app.config.paymentSecret) } };
        },
      ],
      async (c) => {
        await c.t.deposit(await c.player('pedro001'), 600, { outcome: 'pending' });
      },
      ['get /ops/deposits', { query: { status: 0, page: 1, size: 10 } }],
      [
        'post /ops/deposits/{orderNo}/settle',
        (c) => ({
          params: { orderNo: String(first(listOf(c.data['get /ops/deposits'])).orderNo) },
          body: { status: 'SUCCESS' },
        }),
      ],
      ['post /ops/faults/deposit/take', async (c) => ({ body: { uid: await uidOf(c, 'pedro001') } })],
      // A paid deposit whose webhook the gateway gave up on: every try met the casino's database away (the
      // clock moves about a day, so these come last in the scenario).
      async (c) => {
        const { app } = c.t;
        const fault = await app.inject({
          method: 'POST',
          url: '/ops/faults',
          headers: c.t.opsHeaders(),
          payload: {
            kind: 'error',
            route: '/api/payment/callback',
            status: 503,
            code: Code.SERVICE_UNAVAILABLE,
            count: WEBHOOK_MAX_TRIES,
          },
        });
        if (!fault.json().success) throw new Error(`fault: ${fault.body}`);
        await c.t.deposit(await c.player('pedro001'), 800);
        for (let tries = 1; tries < WEBHOOK_MAX_TRIES; tries++) {
          app.clock.advance(retryDelaySeconds(tries) * 1000);
          await app.paymentSandbox.webhooks.retryDue();
        }
      },
      ['get /ops/deposits/abandoned-callbacks'],
      [
        'post /ops/deposits/{orderNo}/redeliver',
        (c) => ({
          params: { orderNo: String(first(listOf(c.data['get /ops/deposits/abandoned-callbacks'])).orderNo) },
          body: { reason: 'The player sent the GCash receipt' },
        }),
      ],
    ],
  },
  {
    scenario: 'kyc-expired',
    player: 'jose0002',
    steps: [
      ['get /ops/kyc', { query: { status: 'pending', page: 1, size: 10 } }],
      [
        'post /ops/kyc/{uid}/decide',
        async (c) => ({ params: { uid: await uidOf(c, 'jose0002') }, body: { decision: 'verified' } }),
      ],
    ],
  },
  {
    scenario: 'referral-network',
    player: 'boss0001',
    steps: [
      ['get /api/friend/card/fetch'],
      ['post /api/friend/card/deposit/rewards/claim', { body: {} }],
      ['post /api/friend/card/turnover/rewards/claim', { body: {} }],
      ['get /api/friend/card/rewards/record', { query: { kind: 'deposit', page: 1, size: 10 } }],
      ['get /api/invite/rankings/fetch'],
      [
        'post /api/invite/rankings/claim',
        (c) => ({
          body: { periodId: String(((c.data['get /api/invite/rankings/fetch'] as Data).claimable as Data).periodId) },
        }),
      ],
      ['get /api/poker/fetch'],
    ],
  },
  {
    scenario: 'inbox-full',
    player: 'luz00028',
    steps: [
      ['get /api/letter', { query: { page: 1, size: 20 } }],
      [
        'post /api/letter/read',
        (c) => ({
          body: {
            id:
              listOf(c.data['get /api/letter']).find((l) => !l.read)?.id ?? first(listOf(c.data['get /api/letter'])).id,
          },
        }),
      ],
      ['post /api/letter/claim', (c) => ({ body: { id: rewardLetters(c)[0]?.id } })],
      async (c) => {
        // The other reward letters too: their points pay the mall order below.
        for (const letter of rewardLetters(c).slice(1)) {
          await c.t.app.inject({
            method: 'POST',
            url: '/api/letter/claim',
            headers: c.t.headers(await c.player('luz00028')),
            payload: { id: letter.id },
          });
        }
      },
      ['get /api/mallExchange/info'],
      ['post /api/mallExchange/order', { body: { itemId: 1, quantity: 1 } }],
      ['post /api/letter/delete', { body: { allRead: true } }],
      ['get /ops/letters', { query: { page: 1, size: 5 } }],
      [
        'post /ops/letters',
        async (c) => ({
          body: {
            uid: await uidOf(c, 'luz00028'),
            type: 'notice',
            titleEn: 'Maintenance tonight',
            titleVi: 'Bảo trì tối nay',
            contentEn: 'Games pause from 02:00 to 03:00.',
            contentVi: 'Trò chơi tạm dừng từ 02:00 đến 03:00.',
          },
        }),
      ],
    ],
  },
  {
    scenario: 'vip3-rich',
    player: 'rico0003',
    steps: [
      ['get /api/balance', { summary: 'rico0003, VIP 3' }],
      ['get /api/vip/card/fetch'],
      ['post /api/vip/card/daily/rewards/claim', { body: {} }],
      [
        'post /api/vip/card/daily/rewards/claim',
        { summary: 'Claimed twice the same day', refusal: Code.SIGN_IN_NOT_ARRIVED, body: {} },
      ],
      ['post /api/vip/card/monthly/rewards/claim', { body: {} }],
      ['post /api/vip/card/deposit/rewards/claim', { body: {} }],
      ['post /api/vip/card/rebate/rewards/claim', { body: {} }],
      ['get /api/task/fetch'],
      [
        'post /api/task/claim',
        (c) => ({
          body: {
            code: String(
              listOf(c.data['get /api/task/fetch']).find((task) => task.status === 'available')?.code ??
                first(listOf(c.data['get /api/task/fetch'])).code,
            ),
          },
        }),
      ],
      ['get /api/bonus/signIn/fetch'],
      ['post /api/bonus/signIn/claim', { body: { day: 1 } }],
      ['get /api/bonus/dailyDeposit/fetch'],
      ['post /api/bonus/dailyDeposit/claim', { body: { tier: 1 } }],
      [
        'post /api/bonus/returnGift/claim',
        { summary: 'rico0003 has not been away', refusal: Code.RETURN_GIFT_NOT_ELIGIBLE, body: {} },
      ],
      ['post /api/redemption/code/use', { body: { code: 'VIPGOLD888' } }],
      [
        'post /ops/codes',
        {
          body: { code: 'WELCOME-EXAMPLE', rewards: [{ type: 'cash', amount: 50 }], totalUses: 100, remark: 'Example' },
        },
      ],
      ['get /ops/codes', { query: { page: 1, size: 5 } }],
      [
        'post /ops/codes/{id}/disable',
        (c) => ({ params: { id: Number(first(c.data['post /ops/codes']).id) }, body: {} }),
      ],
      [
        'post /api/withdraw/create',
        async (c) => ({
          summary: '1,000 pesos to the bound GCash wallet, rico0003',
          body: {
            amount: 1000,
            password: md5('trade123'),
            captcha: await c.t.captcha(await c.player('rico0003')),
            smsCode: await c.t.withdrawCode(await c.player('rico0003')),
          },
        }),
      ],
      [
        'post /api/withdraw/create',
        async (c) => ({
          summary: 'More than the VIP daily limit',
          refusal: Code.WITHDRAW_LIMIT,
          body: {
            amount: 900_000,
            password: md5('trade123'),
            captcha: await c.t.captcha(await c.player('rico0003')),
            smsCode: await c.t.withdrawCode(await c.player('rico0003')),
          },
        }),
      ],
      ['get /ops/withdrawals', { query: { page: 1, size: 10 } }],
      [
        'get /ops/withdrawals/{orderNo}',
        (c) => ({ params: { orderNo: String(first(c.data['post /api/withdraw/create']).orderNo) } }),
      ],
      [
        'post /ops/withdrawals/{orderNo}/review',
        (c) => ({ params: { orderNo: String(first(c.data['post /api/withdraw/create']).orderNo) }, body: {} }),
      ],
      [
        'post /ops/withdrawals/{orderNo}/payout',
        (c) => ({
          params: { orderNo: String(first(c.data['post /api/withdraw/create']).orderNo) },
          body: { result: 'success' },
        }),
      ],
      [
        'post /api/withdraw/create',
        async (c) => ({
          summary: '200 pesos, rejected by the operator afterwards',
          body: {
            amount: 200,
            password: md5('trade123'),
            captcha: await c.t.captcha(await c.player('rico0003')),
            smsCode: await c.t.withdrawCode(await c.player('rico0003')),
          },
        }),
      ],
      [
        'post /ops/withdrawals/{orderNo}/reject',
        (c) => ({
          params: { orderNo: String(first(c.data['post /api/withdraw/create']).orderNo) },
          body: { reason: 'The wallet name does not match' },
        }),
      ],
      ['get /ops/users', { query: { q: 'rico', limit: 5 } }],
      ['get /ops/users/{uid}', async (c) => ({ params: { uid: await uidOf(c, 'rico0003') } })],
      ['get /ops/users/{uid}/vip', async (c) => ({ params: { uid: await uidOf(c, 'rico0003') } })],
      [
        'get /ops/users/{uid}/journal',
        async (c) => ({ params: { uid: await uidOf(c, 'rico0003') }, query: { page: 1, size: 3 } }),
      ],
      [
        'post /ops/users/{uid}/adjust',
        async (c) => ({
          params: { uid: await uidOf(c, 'rico0003') },
          body: { amount: 100, reason: 'Goodwill for a late payout' },
        }),
      ],
      ['get /ops/users/{uid}/responsible', async (c) => ({ params: { uid: await uidOf(c, 'rico0003') } })],
      [
        'post /ops/users/{uid}/flags',
        async (c) => ({
          params: { uid: await uidOf(c, 'rico0003') },
          body: { flag: 'watch', reason: 'Large wins on one slot this week' },
        }),
      ],
      [
        'post /ops/users/{uid}/flags',
        async (c) => ({
          summary: 'The flag is already in force',
          refusal: Code.RISK_FLAG_SET_ALREADY,
          params: { uid: await uidOf(c, 'rico0003') },
          body: { flag: 'watch', reason: 'Again' },
        }),
      ],
      [
        'post /ops/users/{uid}/notes',
        async (c) => ({
          params: { uid: await uidOf(c, 'rico0003') },
          body: { text: 'Called the player: the wins match the game history.' },
        }),
      ],
      [
        'post /ops/users/{uid}/flags/{flag}/clear',
        async (c) => ({
          params: { uid: await uidOf(c, 'rico0003'), flag: 'watch' },
          body: { reason: 'Reviewed: nothing wrong' },
        }),
      ],
      ['get /ops/users/{uid}/risk', async (c) => ({ params: { uid: await uidOf(c, 'rico0003') } })],
      ['get /ops/risk-settings'],
      ['post /ops/risk-settings', { body: { signUpSmsCode: true } }],
      [
        'get /ops/users/{uid}/sessions',
        async (c) => ({ params: { uid: await uidOf(c, 'rico0003') }, query: { limit: 5 } }),
      ],
      [
        'get /ops/captcha/{token}',
        async (c) => {
          const issued = await c.t.app.inject({
            method: 'GET',
            url: '/api/captcha',
            headers: c.t.headers(await c.player('rico0003')),
          });
          return { params: { token: String(issued.json().data.token) } };
        },
      ],
      ['get /ops/channels'],
      ['post /ops/channels/{code}', { params: { code: 'maya' }, body: { enabled: true, min: 100, max: 50000 } }],
      ['get /ops/withdraw-settings'],
      ['post /ops/withdraw-settings', { body: { autoApprove: false, payoutDelaySeconds: 0 } }],
      [
        'post /ops/withdraw-limits/{vipLevel}',
        { params: { vipLevel: 0 }, body: { dailyAmount: 20000, dailyCount: 3 } },
      ],
      ['get /ops/ledger/check'],
      ['get /ops/dashboard'],
      ['get /ops/sms', { query: { limit: 5 } }],
      ['get /ops/sockets'],
      [
        'post /ops/sockets/{uid}/push',
        async (c) => ({
          params: { uid: await uidOf(c, 'rico0003') },
          body: { event: 'inbox.unread', content: { count: 1 } },
        }),
      ],
      [
        'post /ops/push',
        async (c) => ({ body: { uid: await uidOf(c, 'rico0003'), event: 'inbox.unread', content: 1 } }),
      ],
      ['get /ops/chat', { query: { status: 'all', limit: 5 } }],
      ['post /api/chat/send', { body: { text: 'Where is my withdrawal?' } }],
      ['get /ops/chat', { query: { status: 'open', limit: 5 } }],
      ['get /ops/chat/{id}', (c) => ({ params: { id: Number(first(listOf(c.data['get /ops/chat'])).id) } })],
      [
        'post /ops/chat/{id}/read',
        (c) => ({ params: { id: Number(first(listOf(c.data['get /ops/chat'])).id) }, body: {} }),
      ],
      [
        'post /ops/chat/{id}/reply',
        (c) => ({
          params: { id: Number(first(listOf(c.data['get /ops/chat'])).id) },
          body: { text: 'It was paid a minute ago.' },
        }),
      ],
      [
        'post /ops/chat/{id}/close',
        (c) => ({ params: { id: Number(first(listOf(c.data['get /ops/chat'])).id) }, body: {} }),
      ],
      ['get /ops/clock'],
      ['post /ops/clock', { body: { advance: '1h' } }],
      ['get /ops/faults'],
      ['post /ops/faults', { body: { kind: 'latency', route: '/api/balance', ms: 200 } }],
      ['delete /ops/faults', (c) => ({ query: { id: Number(first(c.data['post /ops/faults']).id) } })],
      ['get /ops/requests', { query: { path: '/api/balance', limit: 2 } }],
      ['delete /ops/requests'],
      ['get /ops/audit', { query: { page: 1, size: 3 } }],
      [
        'post /ops/users/{uid}/responsible/break',
        async (c) => ({
          params: { uid: await uidOf(c, 'rico0003') },
          body: { kind: 'cooloff', length: '24h', reason: 'Asked by phone' },
        }),
      ],
      [
        'post /ops/users/{uid}/sessions/{id}/revoke',
        async (c) => ({
          params: {
            uid: await uidOf(c, 'rico0003'),
            id: Number(first(listOf(c.data['get /ops/users/{uid}/sessions'])).id),
          },
          body: {},
        }),
      ],
      [
        'post /ops/users/{uid}/sessions/revoke',
        async (c) => ({ params: { uid: await uidOf(c, 'rico0003') }, body: {} }),
      ],
      [
        'post /ops/users/{uid}/status',
        async (c) => ({
          params: { uid: await uidOf(c, 'rico0003') },
          body: { status: 'suspended', reason: 'Multiple accounts' },
        }),
      ],
      ['get /ops/snapshots'],
      ['post /ops/snapshots/{name}', { params: { name: 'example' }, body: { note: 'rico0003 suspended' } }],
      ['post /ops/snapshots/{name}/restore', { params: { name: 'example' }, body: {} }],
      async (c) => {
        const file = await c.t.app.inject({
          method: 'GET',
          url: '/ops/snapshots/example/file',
          headers: c.t.opsHeaders(),
        });
        c.data.snapshotFile = { payload: file.rawPayload };
      },
      [
        'post /ops/snapshots/{name}/file',
        (c) => ({
          params: { name: 'example-copy' },
          raw: { contentType: 'application/octet-stream', payload: (c.data.snapshotFile as Data).payload as Buffer },
        }),
      ],
      ['delete /ops/snapshots/{name}', { params: { name: 'example' } }],
      ['get /ops/scenarios'],
      ['post /ops/scenarios/{name}', { params: { name: 'new-player' }, body: {} }],
      ['post /ops/har/replay', { body: { har: { log: { entries: [] } } } }],
    ],
  },
  {
    scenario: 'suspended',
    player: 'good0001',
    steps: [
      async (c) => {
        await c.t.advanceClock('8d');
      },
      ['get /api/bonus/returnGift/fetch', { summary: 'good0001, back after 8 days away' }],
      ['post /api/bonus/returnGift/claim', { summary: 'good0001, back after 8 days away', body: {} }],
      [
        'post /api/bonus/returnGift/claim',
        { summary: 'Claimed twice', refusal: Code.REWARD_ALREADY_CLAIMED, body: {} },
      ],
      // responsible gaming: the player's own limits and reality check, and a limit support sets
      ['post /api/responsible/playLimit', { body: { kind: 'wager', period: 'day', amount: 5000 } }],
      ['post /api/responsible/realityCheck', { body: { minutes: 30 } }],
      ['get /api/responsible/realityCheck'],
      [
        'post /ops/users/{uid}/responsible/playLimit',
        async (c) => ({
          params: { uid: await uidOf(c, 'good0001') },
          body: { kind: 'loss', period: 'week', amount: 2000, reason: 'The player asked support in the live chat' },
        }),
      ],
      ['post /api/user/sms/send/withdraw', { body: {} }],
      // operator accounts: created by an admin (here the service token), enrolled at the first sign-in
      ['post /ops/operators', { body: { name: 'ana.cashier', role: 'cashier', password: OPERATOR_PASSWORD } }],
      [
        'post /ops/auth/login',
        {
          summary: 'First sign-in without a code: the authenticator to enrol',
          body: { name: 'ana.cashier', password: OPERATOR_PASSWORD },
        },
      ],
      [
        'post /ops/auth/login',
        (c) => ({
          summary: 'Signed in with the authenticator code (enrolled)',
          body: { name: 'ana.cashier', password: OPERATOR_PASSWORD, totp: operatorCode(c) },
        }),
      ],
      ['get /ops/auth/me', { summary: 'The service token (ADMIN_TOKEN)' }],
      ['get /ops/operators'],
      [
        'post /ops/operators/{id}',
        (c) => ({ params: { id: operatorId(c) }, body: { role: 'support', reason: 'Moved to the support desk' } }),
      ],
      [
        'post /ops/operators/{id}/password',
        (c) => ({
          params: { id: operatorId(c) },
          body: { password: `${OPERATOR_PASSWORD}-new`, reason: 'Forgot the password; identity checked by phone' },
        }),
      ],
      [
        'post /ops/operators/{id}/totp/reset',
        (c) => ({ params: { id: operatorId(c) }, body: { reason: 'Lost the phone with the authenticator' } }),
      ],
      ['post /ops/auth/logout', { body: {} }],
      // stubs and the request count (tester tools)
      [
        'post /ops/stubs',
        {
          body: {
            method: 'GET',
            path: '/api/letter',
            data: { list: [], page: 1, size: 20, total: 0 },
            count: 1,
          },
        },
      ],
      ['get /ops/stubs'],
      ['delete /ops/stubs', { query: {} }],
      ['get /ops/requests/count', { query: { method: 'GET', path: '/api/bonus/returnGift/fetch' } }],
    ],
  },
];
