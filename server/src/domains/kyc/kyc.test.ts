import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { hashed, opsClient, registerPlayer, TEST_NOW, TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { balanceOf, bindWallet, fund, IDENTITY, setTradePassword, uploadDocuments, withdraw } from '../../test/money';

type KycState = {
  status: string;
  reason: string;
  submittedAt: string | null;
  decidedAt: string | null;
  deadline: string;
  restricted: boolean;
  submission: { realName: string; birthDate: string; idType: string; idNumber: string } | null;
};
type OpsKyc = {
  uid: number;
  realName: string;
  birthDate: string;
  age: number;
  idType: string;
  idNumber: string;
  status: string;
  reason: string;
  decidedBy: string | null;
};

let app: FastifyInstance;
let player: TestClient;
let uid: number;
let typed: { username: string; password: string };

beforeEach(async () => {
  app = await testApp();
  const registered = await registerPlayer(app);
  player = registered.client;
  uid = registered.info.uid;
  typed = registered.player;
  // A submission needs the three photos (kyc-documents.test.ts tries them): this player has them.
  await uploadDocuments(player);
});
afterEach(() => app.close());

const ops = () => opsClient(app);
const state = async (client = player) => (await client.get<KycState>('/api/user/kyc')).body.data;
const submit = (body: object, client = player) => client.post<KycState>('/api/user/kyc/submit', body);
const decide = (body: object, forUid = uid) => ops().post<OpsKyc>(`/ops/kyc/${forUid}/decide`, body);
const submissions = () => inDb(app.db).value`SELECT COUNT(*) FROM kyc_submissions`;

async function logIn(client = player) {
  const answer = await client.post('/api/user/login', { username: typed.username, password: hashed(typed.password) });
  if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
}

describe('submitting personal information', () => {
  it('starts unverified with a deadline 7 days after registration', async () => {
    expect(await state()).toEqual({
      status: 'unverified',
      reason: '',
      submittedAt: null,
      decidedAt: null,
      deadline: new Date(TEST_NOW.getTime() + 7 * 86_400_000).toISOString(),
      restricted: false,
      submission: null,
      documents: { idFront: TEST_NOW.toISOString(), idBack: TEST_NOW.toISOString(), selfie: TEST_NOW.toISOString() },
    });
  });

  it('goes pending with the data masked for the player, and cannot be sent twice', async () => {
    const answer = await submit(IDENTITY);
    expect(answer.body).toMatchObject({
      success: true,
      msg: 'Submitted. We will review your identity shortly',
      data: {
        status: 'pending',
        submittedAt: TEST_NOW.toISOString(),
        submission: { realName: 'J*** D*** C***', birthDate: '**/**/1990', idType: 'umid', idNumber: '********6789' },
      },
    });
    expect(JSON.stringify(await state())).not.toContain('Juan');
    const again = await submit({ ...IDENTITY, idType: 'sss', idNumber: '1234567890' });
    expect(again.body).toMatchObject({ success: false, code: Code.KYC_ALREADY_SUBMITTED });
    expect(again.body.msg).toContain('pending');
    expect(await submissions()).toBe(1);
  });

  it('refuses players under 21 (40022) on the Manila date, storing nothing', async () => {
    // TEST_NOW is 20 November 2026 in Manila: born 21 November 2005 is still 20.
    const young = await submit({ ...IDENTITY, birthDate: '11/21/2005' });
    expect(young.body).toMatchObject({ success: false, code: Code.UNDERAGE });
    expect(young.body.msg).toBe('Players must be at least 21 years old');
    expect((await submit({ ...IDENTITY, birthDate: '01/01/2030' })).body.code).toBe(Code.UNDERAGE);
    expect(await submissions()).toBe(0);
    expect((await submit({ ...IDENTITY, birthDate: '11/20/2005' })).body.success).toBe(true);
  });

  it.each([
    [{ ...IDENTITY, idType: 'barangay' }],
    [{ ...IDENTITY, idNumber: '12345' }],
    [{ ...IDENTITY, idType: 'prc', idNumber: '12345678' }],
    [{ ...IDENTITY, idType: 'passport', idNumber: '1234567' }],
    [{ ...IDENTITY, birthDate: '02/30/1990' }],
    [{ ...IDENTITY, birthDate: '1990-05-17' }],
    [{ ...IDENTITY, birthDate: '05/17/1850' }],
    [{ ...IDENTITY, realName: 'J' }],
    [{ ...IDENTITY, realName: 'Juan 2' }],
    [{ ...IDENTITY, realName: '<script>' }],
    [{ realName: 'Juan Dela Cruz', birthDate: '05/17/1990', idType: 'umid' }],
    [{ ...IDENTITY, status: 'verified' }],
  ])('refuses the malformed submission %j (10001)', async (body) => {
    expect((await submit(body)).body).toMatchObject({ success: false, code: Code.VALIDATION });
    expect(await submissions()).toBe(0);
  });

  it.each([
    ['passport', 'P1234567A'],
    ['drivers_license', 'N01-23-456789'],
    ['philsys', '1234-5678-9012-3456'],
    ['prc', '0123456'],
    ['postal', 'abc123def456'],
    ['voters', '1234-5678A-B123CDE45678'],
    ['sss', '12-3456789-0'],
  ])('accepts a %s number like %s, stored without dashes', async (idType, idNumber) => {
    const answer = await submit({ ...IDENTITY, idType, idNumber });
    expect(answer.body.success).toBe(true);
    const stored = (await inDb(app.db).value<string>`SELECT id_number FROM kyc_submissions`) as string;
    expect(stored).toMatch(/^[A-Z0-9]+$/);
  });

  it('refuses guests', async () => {
    const guest = new TestClient(app);
    await guest.post('/api/user/guest/login');
    expect((await submit(IDENTITY, guest)).body.code).toBe(Code.GUEST_NOT_ALLOWED);
  });

  it('needs a session (20002)', async () => {
    const stranger = new TestClient(app);
    expect((await stranger.get('/api/user/kyc')).body.code).toBe(Code.SESSION_INVALID);
    expect((await submit(IDENTITY, stranger)).body.code).toBe(Code.SESSION_INVALID);
  });
});

describe('the operator decides', () => {
  it('lists pending submissions unmasked, oldest first, and verifies one', async () => {
    const second = await registerPlayer(app);
    await uploadDocuments(second.client);
    await submit(IDENTITY);
    await ops().post('/ops/clock', { advance: '1m' });
    await submit({ ...IDENTITY, realName: 'Ana Reyes', idType: 'prc', idNumber: '7654321' }, second.client);

    const pending = await ops().get<{ list: OpsKyc[]; total: number }>('/ops/kyc', { status: 'pending' });
    expect(pending.body.data.total).toBe(2);
    expect(pending.body.data.list.map((k) => k.uid)).toEqual([uid, second.info.uid]);
    expect(pending.body.data.list[0]).toMatchObject({
      realName: 'Juan Dela Cruz',
      birthDate: '05/17/1990',
      age: 36,
      idNumber: '011123456789',
      status: 'pending',
    });
    const mine = await ops().get<{ total: number }>('/ops/kyc', { uid: second.info.uid });
    expect(mine.body.data.total).toBe(1);
    expect((await ops().get<{ total: number }>('/ops/kyc', { uid: 99999999 })).body.data.total).toBe(0);

    const verified = await decide({ decision: 'verified' });
    expect(verified.body.data).toMatchObject({ status: 'verified', decidedBy: 'ops', reason: '' });
    expect(await state()).toMatchObject({ status: 'verified', decidedAt: expect.any(String) });
    const risk = (await player.get<{ userRiskVO: { kycStatus: string } }>('/api/balance')).body.data.userRiskVO;
    expect(risk.kycStatus).toBe('verified');

    // Final: another decision is refused, and a verified player cannot submit again.
    expect((await decide({ decision: 'rejected', reason: 'x' })).body.code).toBe(Code.TRANSITION_INVALID);
    expect((await submit(IDENTITY)).body.code).toBe(Code.KYC_ALREADY_SUBMITTED);
    expect((await ops().get<{ total: number }>('/ops/kyc', { status: 'pending' })).body.data.total).toBe(1);
  });

  it('a rejection needs a reason, shows it to the player, who may submit again', async () => {
    await submit(IDENTITY);
    expect((await decide({ decision: 'rejected' })).body.code).toBe(Code.VALIDATION);
    expect((await decide({ decision: 'rejected', reason: '  ' })).body.code).toBe(Code.VALIDATION);
    const rejected = await decide({ decision: 'rejected', reason: 'The photo of the ID is blurred' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'The photo of the ID is blurred' });
    expect(await state()).toMatchObject({ status: 'rejected', reason: 'The photo of the ID is blurred' });

    expect((await submit(IDENTITY)).body.data).toMatchObject({ status: 'pending', reason: '' });
    expect(await submissions()).toBe(2);
  });

  it('refuses unknown players and players with nothing pending', async () => {
    expect((await decide({ decision: 'verified' }, 12345678)).body.code).toBe(Code.OPS_NOT_FOUND);
    expect((await decide({ decision: 'verified' })).body.code).toBe(Code.OPS_NOT_FOUND);
    expect((await decide({ decision: 'maybe' })).body.code).toBe(Code.VALIDATION);
    expect((await ops().get('/ops/kyc', { status: 'unverified' })).body.code).toBe(Code.VALIDATION);
  });

  it('two operators deciding at once: one decision stands', async () => {
    await submit(IDENTITY);
    const [a, b] = await Promise.all([
      decide({ decision: 'verified' }),
      decide({ decision: 'rejected', reason: 'Mismatch' }),
    ]);
    expect([a.body.success, b.body.success].sort()).toEqual([false, true]);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM kyc_submissions WHERE decided_at IS NOT NULL`).toBe(1);
  });
});

describe('the 7-day rule', () => {
  it('restricts an unverified account from registration + 7 days: withdrawals refused, deposits still open', async () => {
    await setTradePassword(player);
    await bindWallet(player);
    await fund(app, uid, 1000);
    await submit(IDENTITY);

    await ops().post('/ops/clock', { advance: '6d23h59m' });
    await logIn();
    expect(await state()).toMatchObject({ status: 'pending', restricted: false });
    await ops().post('/ops/clock', { advance: '1m' });
    expect(await state()).toMatchObject({ status: 'pending', restricted: true });
    const risk = (await player.get<{ userRiskVO: object }>('/api/balance')).body.data.userRiskVO;
    expect(risk).toMatchObject({ restricted: true, withdrawLocked: true, kycStatus: 'pending' });

    const refused = await withdraw(app, player, 100);
    expect(refused.body).toMatchObject({ success: false, code: Code.ACCOUNT_RESTRICTED });
    expect((await balanceOf(player)).balance).toBe(1000);
    // Deposits, wallet and KYC stay open so the player can finish verification.
    expect((await player.post('/api/recharge/build', { channel: 'gcash', amount: 500 })).body.success).toBe(true);

    await decide({ decision: 'verified' });
    expect(await state()).toMatchObject({ status: 'verified', restricted: false });
    expect((await withdraw(app, player, 100)).body.success).toBe(true);
  });

  it('GET /api/balance answers each KYC change at once, from the latest submission, as /api/user/kyc does', async () => {
    type Risk = { kycStatus: string; restricted: boolean; withdrawLocked: boolean };
    const risk = async () => (await player.get<{ userRiskVO: Risk }>('/api/balance')).body.data.userRiskVO;
    const agrees = async (kycStatus: string, restricted: boolean) => {
      expect(await risk()).toMatchObject({ kycStatus, restricted });
      expect(await state()).toMatchObject({ status: kycStatus, restricted });
    };
    await agrees('unverified', false);
    await submit(IDENTITY);
    await agrees('pending', false);
    await decide({ decision: 'rejected', reason: 'Blurred' });
    await agrees('rejected', false);
    // Past the deadline with a second submission pending: restricted, and the newer submission is the one read.
    await ops().post('/ops/clock', { advance: '7d' });
    await logIn();
    await submit(IDENTITY);
    await agrees('pending', true);
    await decide({ decision: 'verified' });
    await agrees('verified', false);
    // Suspended: restricted whatever the KYC says; the balance read of the suspended session itself is refused.
    await ops().post(`/ops/users/${uid}/status`, { status: 'suspended', reason: 'Multiple accounts' });
    expect((await player.get('/api/balance')).body.success).toBe(false);
    const id = (await app.services.users.byUid(uid))?.id as number;
    expect(await app.services.kyc.risk(id)).toEqual({ kycStatus: 'verified', restricted: true });
  });

  it('a suspended account is restricted too', async () => {
    await ops().post(`/ops/users/${uid}/status`, { status: 'suspended', reason: 'Multiple accounts' });
    expect(await app.services.kyc.risk((await app.services.users.byUid(uid))?.id as number)).toEqual({
      kycStatus: 'unverified',
      restricted: true,
    });
  });
});
