import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { opsClient, registerPlayer, TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { balanceOf, readyPlayer, uploadDocuments, withdraw } from '../../test/money';
import { assertLedgerWhole } from '../ledger/whole';
import { deposit } from '../task/fixtures';

type Letter = {
  id: number;
  type: string;
  title: string;
  content: string;
  read: boolean;
  rewards: { type: string; amount: number; info?: string }[];
  claimed: boolean;
  createdAt: string;
};
type Page<T> = { list: T[]; total: number; page: number; size: number };
type SentLetter = {
  id: number;
  audience: string;
  uid: number | null;
  recipients: number;
  read: number;
  claimed: number;
  validUntil: string | null;
};

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const ops = () => opsClient(app);
const letters = async (client: TestClient, query: Record<string, string | number> = {}) =>
  (await client.get<Page<Letter>>('/api/letter', query)).body.data;
const unread = async (client: TestClient) =>
  (await client.get<{ letterUnreadNum: number }>('/api/badge/data')).body.data.letterUnreadNum;
const send = (body: object) => ops().post<SentLetter>('/ops/letters', body);
const CASH_LETTER = {
  titleEn: 'A gift',
  titleVi: 'Một món quà',
  contentEn: 'For you',
  rewards: [{ type: 'cash', amount: 25.5 }],
};

/** Sends a letter with the given body to a player and returns the player's copy. */
async function letterFor(client: TestClient, uid: number, body: object = CASH_LETTER) {
  const sent = await send({ uid, ...body });
  if (!sent.body.success) throw new Error(JSON.stringify(sent.body));
  const list = await letters(client);
  return list.list[0] as Letter;
}

describe('system letters', () => {
  it('welcomes a new player in the language of the request, unread', async () => {
    const { client, player } = await registerPlayer(app);
    const en = await letters(client);
    expect(en.total).toBe(1);
    expect(en.list[0]).toMatchObject({
      type: 'system',
      title: 'Welcome aboard!',
      read: false,
      rewards: [],
      claimed: false,
    });
    expect(en.list[0]?.content).toContain(player.username);
    const vi = (
      await client.request<Page<Letter>>({ method: 'GET', url: '/api/letter', headers: { language: 'vi-VN' } })
    ).body.data;
    expect(vi.list[0]).toMatchObject({ id: en.list[0]?.id, title: 'Chào mừng bạn!' });
    expect(await unread(client)).toBe(1);
  });

  it('tells of a credited deposit, a rejected withdrawal and identity decisions', async () => {
    const { client } = await readyPlayer(app);
    expect((await letters(client)).list.map((l) => l.title)).toEqual(['Identity verified', 'Welcome aboard!']);

    const orderNo = await deposit(app, client, 750);
    const afterDeposit = (await letters(client)).list[0];
    expect(afterDeposit).toMatchObject({ title: 'Deposit credited', type: 'system' });
    expect(afterDeposit?.content).toContain('₱750.00');
    expect(afterDeposit?.content).toContain(orderNo);

    const created = await withdraw(app, client, 200);
    expect(created.body.success).toBe(true);
    const rejected = await ops().post(`/ops/withdrawals/${created.body.data.orderNo}/reject`, {
      reason: 'Name does not match the wallet',
    });
    expect(rejected.body.success).toBe(true);
    const afterReject = (await letters(client)).list[0];
    expect(afterReject?.title).toBe('Withdrawal rejected');
    expect(afterReject?.content).toContain('₱200.00');
    expect(afterReject?.content).toContain('Name does not match the wallet');
    expect((await letters(client)).total).toBe(4);
  });

  it('tells a player their identity was rejected, with the reason', async () => {
    const { client, info } = await registerPlayer(app);
    await uploadDocuments(client);
    await client.post('/api/user/kyc/submit', {
      realName: 'Juan Dela Cruz',
      birthDate: '05/17/1990',
      idType: 'umid',
      idNumber: '0111-2345678-9',
    });
    await ops().post(`/ops/kyc/${info.uid}/decide`, { decision: 'rejected', reason: 'Blurred photo' });
    const letter = (await letters(client)).list[0];
    expect(letter).toMatchObject({ title: 'Identity verification rejected' });
    expect(letter?.content).toContain('Blurred photo');
  });
});

describe('reading, types and the unread counter', () => {
  it('lists types with unread counts, filters by type, and reading lowers the counter once', async () => {
    const { client, info } = await registerPlayer(app);
    await send({ uid: info.uid, titleEn: 'Maintenance', contentEn: 'Tonight' });
    const gift = await letterFor(client, info.uid);
    expect(gift.type).toBe('reward');

    const types = (await client.get<{ type: string; name: string; unread: number }[]>('/api/letter/type')).body.data;
    expect(types).toEqual([
      { type: 'system', name: 'System', unread: 1 },
      { type: 'notice', name: 'Notices', unread: 1 },
      { type: 'reward', name: 'Rewards', unread: 1 },
    ]);
    expect((await letters(client, { type: 'notice' })).list.map((l) => l.title)).toEqual(['Maintenance']);
    expect(await unread(client)).toBe(3);

    const read = await client.post<{ unread: number }>('/api/letter/read', { id: gift.id });
    expect(read.body).toMatchObject({ success: true, data: { unread: 2 } });
    expect((await client.post<{ unread: number }>('/api/letter/read', { id: gift.id })).body.data.unread).toBe(2);
    expect((await letters(client, { type: 'reward' })).list[0]).toMatchObject({ read: true, claimed: false });
    expect(await unread(client)).toBe(2);
  });

  it("answers another player's letter as not found, for every action", async () => {
    const owner = await registerPlayer(app);
    const other = await registerPlayer(app);
    const gift = await letterFor(owner.client, owner.info.uid);
    for (const path of ['/api/letter/read', '/api/letter/claim', '/api/letter/delete']) {
      const answer = await other.client.post(path, { id: gift.id });
      expect(answer.body).toMatchObject({
        success: false,
        code: Code.LETTER_NOT_FOUND,
        msg: 'This message does not exist',
      });
    }
    expect((await letters(other.client)).list.map((l) => l.id)).not.toContain(gift.id);
    expect((await letters(owner.client)).list[0]).toMatchObject({ id: gift.id, read: false, claimed: false });
    expect((await other.client.post('/api/letter/read', { id: 999_999 })).body.code).toBe(Code.LETTER_NOT_FOUND);
  });

  it('needs a session and a valid body', async () => {
    const stranger = new TestClient(app);
    expect((await stranger.get('/api/letter')).body.code).toBe(Code.SESSION_INVALID);
    const { client } = await registerPlayer(app);
    expect((await client.post('/api/letter/delete', {})).body.code).toBe(Code.VALIDATION);
    expect((await client.post('/api/letter/delete', { id: 1, allRead: true })).body.code).toBe(Code.VALIDATION);
    expect((await client.post('/api/letter/read', { id: 'x' })).body.code).toBe(Code.VALIDATION);
    expect((await client.get('/api/letter', { type: 'DROP TABLE' })).body.code).toBe(Code.VALIDATION);
  });
});

describe('claiming attached rewards', () => {
  it('credits the cash once through the ledger, marks the letter read and claimed', async () => {
    const { client, info } = await registerPlayer(app);
    const gift = await letterFor(client, info.uid);
    expect(gift.rewards).toEqual([{ type: 'cash', amount: 25.5 }]);
    const claimed = await client.post<{ rewards: unknown[] }>('/api/letter/claim', { id: gift.id });
    expect(claimed.body).toMatchObject({ success: true, data: { rewards: [{ type: 'cash', amount: 25.5 }] } });
    expect((await balanceOf(client)).balance).toBe(25.5);
    expect((await letters(client, { type: 'reward' })).list[0]).toMatchObject({ read: true, claimed: true });

    const again = await client.post('/api/letter/claim', { id: gift.id });
    expect(again.body).toMatchObject({ success: false, code: Code.REWARD_ALREADY_CLAIMED });
    expect((await balanceOf(client)).balance).toBe(25.5);
    const journal = await inDb(app.db)
      .all`SELECT type, amount, reference FROM balance_journal WHERE reference LIKE 'letter:%'`;
    expect(journal).toEqual([{ type: 'reward', amount: 2550, reference: `letter:${gift.id}` }]);
  });

  it('parallel claims of one letter: exactly one wins and the ledger is exact', async () => {
    const { client, info } = await registerPlayer(app);
    const gift = await letterFor(client, info.uid, { ...CASH_LETTER, rewards: [{ type: 'cash', amount: 100 }] });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => client.post('/api/letter/claim', { id: gift.id })),
    );
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === Code.REWARD_ALREADY_CLAIMED)).toHaveLength(5);
    expect((await balanceOf(client)).balance).toBe(100);
    await assertLedgerWhole(app.db);
  });

  it('a letter without rewards has nothing to claim; coupons and points are granted', async () => {
    const { client, info } = await registerPlayer(app);
    const notice = await letterFor(client, info.uid, { titleEn: 'Hello', contentEn: 'Hi' });
    expect((await client.post('/api/letter/claim', { id: notice.id })).body.code).toBe(Code.NOTHING_TO_CLAIM);

    const pack = await letterFor(client, info.uid, {
      titleEn: 'Pack',
      contentEn: 'Coupons and points',
      rewards: [
        { type: 'coupon', coupon: 'RELOAD20', amount: 2 },
        { type: 'point', amount: 300 },
      ],
    });
    expect(pack.rewards).toEqual([
      { type: 'coupon', amount: 2 },
      { type: 'point', amount: 300 },
    ]);
    expect((await client.post('/api/letter/claim', { id: pack.id })).body.success).toBe(true);
    const coupons = (await client.get<{ bonusPercent: number }[]>('/api/coupon/fetch')).body.data;
    expect(coupons.filter((c) => c.bonusPercent === 20)).toHaveLength(2);
    expect((await balanceOf(client)).point).toBe(300);
  });
});

describe('deleting', () => {
  it('refuses to delete a letter whose reward is unclaimed, then deletes it once claimed', async () => {
    const { client, info } = await registerPlayer(app);
    const gift = await letterFor(client, info.uid);
    const refused = await client.post('/api/letter/delete', { id: gift.id });
    expect(refused.body).toMatchObject({ success: false, code: Code.LETTER_REWARD_UNCLAIMED });
    await client.post('/api/letter/claim', { id: gift.id });
    expect((await client.post('/api/letter/delete', { id: gift.id })).body).toMatchObject({
      success: true,
      data: { deleted: 1 },
    });
    expect((await letters(client)).list.map((l) => l.id)).not.toContain(gift.id);
    expect((await client.post('/api/letter/read', { id: gift.id })).body.code).toBe(Code.LETTER_NOT_FOUND);
    // The claim key stays used: a deleted letter cannot be claimed again under a reused id.
    expect(
      await app.services.grants.isClaimed((await app.services.users.byUid(info.uid))?.id ?? 0, `letter:${gift.id}`),
    ).toBe(true);
  });

  it('deletes every read letter at once, keeping unread ones and unclaimed rewards', async () => {
    const { client, info } = await registerPlayer(app);
    const welcome = (await letters(client)).list[0] as Letter;
    const notice = await letterFor(client, info.uid, { titleEn: 'Read me', contentEn: '.' });
    const unreadNotice = await letterFor(client, info.uid, { titleEn: 'Not read', contentEn: '.' });
    const gift = await letterFor(client, info.uid);
    for (const id of [welcome.id, notice.id, gift.id]) await client.post('/api/letter/read', { id });

    const answer = await client.post<{ deleted: number }>('/api/letter/delete', { allRead: true });
    expect(answer.body.data.deleted).toBe(2);
    expect((await letters(client)).list.map((l) => l.id)).toEqual([gift.id, unreadNotice.id]);
    expect((await client.post<{ deleted: number }>('/api/letter/delete', { allRead: true })).body.data.deleted).toBe(0);
    expect(await unread(client)).toBe(1);
  });
});

describe('operator letters', () => {
  it('sends to every non-guest player and lists what was sent with read and claim counts', async () => {
    const a = await registerPlayer(app);
    const b = await registerPlayer(app);
    const guest = new TestClient(app);
    await guest.post('/api/user/guest/login');
    const sent = await send({ all: true, ...CASH_LETTER });
    expect(sent.body.data).toMatchObject({ audience: 'all', uid: null, recipients: 2, read: 0, claimed: 0 });
    const gift = (await letters(a.client, { type: 'reward' })).list[0] as Letter;
    await a.client.post('/api/letter/claim', { id: gift.id });
    expect((await letters(b.client, { type: 'reward' })).total).toBe(1);
    expect((await letters(guest, { type: 'reward' })).total).toBe(0);

    await send({ uid: b.info.uid, titleEn: 'Only you', contentEn: '.' });
    const all = (await ops().get<Page<SentLetter>>('/ops/letters')).body.data;
    expect(all.total).toBe(2);
    expect(all.list[0]).toMatchObject({ audience: 'player', uid: b.info.uid, recipients: 1 });
    expect(all.list[1]).toMatchObject({ audience: 'all', recipients: 2, read: 1, claimed: 1 });
    const forA = (await ops().get<Page<SentLetter>>('/ops/letters', { uid: a.info.uid })).body.data;
    expect(forA.list.map((l) => l.audience)).toEqual(['all']);
  });

  it('a letter to all reaches players who register later while it is valid, and not after', async () => {
    await registerPlayer(app);
    const sent = await send({ all: true, ...CASH_LETTER, validUntil: '2026-11-22T02:00:00Z' });
    expect(sent.body.data).toMatchObject({ recipients: 1, validUntil: '2026-11-22T02:00:00.000Z' });
    const notice = await send({ all: true, titleEn: 'Maintenance', contentEn: 'Tonight' });
    expect(notice.body.data.validUntil).toBe('2026-11-27T02:00:00.000Z');

    await ops().post('/ops/clock', { advance: '1d' });
    const later = await registerPlayer(app);
    const guest = new TestClient(app);
    await guest.post('/api/user/guest/login');
    const got = await letters(later.client, { type: 'reward' });
    expect(got.list).toMatchObject([{ title: 'A gift', rewards: [{ type: 'cash', amount: 25.5 }], claimed: false }]);
    expect((await letters(later.client, { type: 'notice' })).list.map((l) => l.title)).toEqual(['Maintenance']);
    expect(await unread(later.client)).toBe(3); // the welcome letter and the two sends
    expect((await later.client.post('/api/letter/claim', { id: got.list[0]?.id })).body.success).toBe(true);
    expect((await letters(guest, { type: 'reward' })).total).toBe(0);
    expect((await letters(guest, { type: 'notice' })).total).toBe(0);

    await ops().post('/ops/clock', { advance: '2d' }); // past the gift's validUntil, within the notice's
    const last = await registerPlayer(app);
    expect((await letters(last.client, { type: 'reward' })).total).toBe(0);
    expect((await letters(last.client, { type: 'notice' })).total).toBe(1);

    const sends = (await ops().get<Page<SentLetter>>('/ops/letters')).body.data.list;
    expect(sends.map((l) => [l.recipients, l.claimed])).toEqual([
      [3, 0],
      [2, 1],
    ]);
    expect((await send({ uid: last.info.uid, ...CASH_LETTER, validUntil: '2026-12-01T00:00:00Z' })).body.code).toBe(
      Code.VALIDATION,
    );
  });

  it('refuses unknown players, unknown coupons, both or neither audience, and bad rewards', async () => {
    const { info } = await registerPlayer(app);
    expect((await send({ uid: 99_999_999, ...CASH_LETTER })).body.code).toBe(Code.OPS_NOT_FOUND);
    const coupon = await send({
      uid: info.uid,
      titleEn: 'x',
      contentEn: 'y',
      rewards: [{ type: 'coupon', coupon: 'NOPE', amount: 1 }],
    });
    expect(coupon.body).toMatchObject({
      code: Code.LETTER_REWARD_INVALID,
      msg: 'Unknown coupon in the attached rewards: NOPE',
    });
    expect((await send({ all: true, uid: info.uid, ...CASH_LETTER })).body.code).toBe(Code.VALIDATION);
    expect((await send(CASH_LETTER)).body.code).toBe(Code.VALIDATION);
    expect((await send({ uid: info.uid, ...CASH_LETTER, rewards: [{ type: 'cash', amount: 0.001 }] })).body.code).toBe(
      Code.VALIDATION,
    );
    expect((await send({ uid: info.uid, ...CASH_LETTER, titleEn: '   ' })).body.code).toBe(Code.VALIDATION);
    const noToken = await new TestClient(app).post('/ops/letters', { uid: info.uid, ...CASH_LETTER });
    expect(noToken.status).toBe(401);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM letter_sends`).toBe(0);
  });
});
