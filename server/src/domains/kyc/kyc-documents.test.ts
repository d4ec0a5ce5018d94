import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { KYC_DOCUMENT_MAX_BYTES } from '../../../../shared/contract/kyc';
import { opsClient, registerPlayer, TEST_NOW, type TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { IDENTITY, uploadDocuments } from '../../test/money';
import { operatorClient } from '../../test/operators';
import { PHOTO_PNG_BASE64 } from '../../world/recipes';
import { createKycService, imageTypeOf } from './service';

/**
 * KYC photos (issue 29 item 2) and how a player or an operator would try to beat the rules: a file that is
 * no image, an oversize one, reading a photo without the role, changing photos or the name once verified,
 * two tabs submitting, two processes sending the same reminder. Runs on SQLite and on PostgreSQL + Redis
 * (vitest.stores.config.ts).
 */
let app: FastifyInstance;
let player: TestClient;
let uid: number;
let userId: number;

beforeEach(async () => {
  app = await testApp();
  const registered = await registerPlayer(app);
  player = registered.client;
  uid = registered.info.uid;
  userId = (await app.services.users.byUid(uid))?.id as number;
});
afterEach(() => app.close());

const DAY = 86_400_000;
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(40, 2)]);
const upload = (kind: string, bytes: Buffer | string, client = player) =>
  client.post<{ documents: Record<string, string | null> }>('/api/user/kyc/documents', {
    kind,
    image: typeof bytes === 'string' ? bytes : bytes.toString('base64'),
  });
const submit = (client = player) => client.post<{ status: string }>('/api/user/kyc/submit', IDENTITY);
const decide = (body: object) => opsClient(app).post(`/ops/kyc/${uid}/decide`, body);
const photo = (client: TestClient, kind = 'idFront', forUid = uid) =>
  client.request({ method: 'GET', url: `/ops/kyc/${forUid}/documents/${kind}` });
const stored = () => inDb(app.db).value`SELECT COUNT(*) FROM kyc_documents`;
const letters = () =>
  inDb(app.db).all<{
    title_en: string;
  }>`SELECT title_en FROM letters WHERE user_id = ${userId} AND template = 'kyc-deadline' ORDER BY id`;

describe('uploading photos', () => {
  it('reads the type from the magic bytes: JPEG, PNG and WebP pass, anything else does not', () => {
    expect(imageTypeOf(JPEG)).toBe('image/jpeg');
    expect(imageTypeOf(Buffer.from(PHOTO_PNG_BASE64, 'base64'))).toBe('image/png');
    expect(imageTypeOf(WEBP)).toBe('image/webp');
    expect(imageTypeOf(Buffer.from('%PDF-1.7 not a photo'))).toBeNull();
    expect(imageTypeOf(Buffer.from('GIF89a'))).toBeNull();
    expect(imageTypeOf(Buffer.alloc(0))).toBeNull();
  });

  it('keeps one current photo per kind, a new upload replacing it; the player sees only when each came', async () => {
    expect((await upload('idFront', JPEG)).body.data.documents).toEqual({
      idFront: TEST_NOW.toISOString(),
      idBack: null,
      selfie: null,
    });
    app.clock.advance(60_000);
    const again = await upload('idFront', WEBP);
    expect(again.body.data.documents.idFront).toBe(new Date(TEST_NOW.getTime() + 60_000).toISOString());
    expect(await stored()).toBe(1);
    expect(await inDb(app.db).value`SELECT content_type FROM kyc_documents`).toBe('image/webp');
    // The player's state carries no bytes and no address of any photo.
    expect(JSON.stringify((await player.get('/api/user/kyc')).body)).not.toMatch(/base64|\/ops\//);
  });

  it('attack: a text or PDF file renamed .jpg is refused by its bytes, and nothing is stored', async () => {
    const fake = Buffer.from('This is not a photo, only named passport.jpg');
    const answer = await upload('idFront', fake);
    expect(answer.body).toMatchObject({ success: false, code: Code.KYC_DOCUMENT_TYPE });
    expect(answer.body.msg).toMatch(/JPEG, PNG or WebP/);
    expect((await upload('selfie', Buffer.from('%PDF-1.4\n...'))).body.code).toBe(Code.KYC_DOCUMENT_TYPE);
    expect((await upload('idBack', 'not base64 at all!')).body.code).toBe(Code.VALIDATION);
    expect((await upload('passport', JPEG)).body.code).toBe(Code.VALIDATION);
    expect(await stored()).toBe(0);
  });

  it('attack: an oversize photo is refused with the limit named; a body past the route limit never reaches it', async () => {
    const big = Buffer.concat([JPEG, Buffer.alloc(KYC_DOCUMENT_MAX_BYTES - JPEG.length + 1)]);
    const answer = await upload('idFront', big);
    expect(answer.body).toMatchObject({ success: false, code: Code.KYC_DOCUMENT_TOO_LARGE });
    expect(answer.body.msg).toContain('5 MB');
    const exact = Buffer.concat([JPEG, Buffer.alloc(KYC_DOCUMENT_MAX_BYTES - JPEG.length)]);
    expect((await upload('idFront', exact)).body.success).toBe(true);
    const huge = await upload('idBack', Buffer.alloc(8 * 1024 * 1024));
    expect(huge.body.success).toBe(false);
    expect([Code.BODY_TOO_LARGE, Code.VALIDATION]).toContain(huge.body.code);
    expect(await stored()).toBe(1);
    // The default body limit still holds on every other player route.
    const other = await player.post('/api/user/modify', { nickname: 'x'.repeat(70 * 1024) });
    expect(other.body.code).toBe(Code.BODY_TOO_LARGE);
  });

  it("attack: an upload the contract refuses leaves no part of the photo in the testers' request log", async () => {
    const image = Buffer.concat([JPEG, Buffer.alloc(3000, 7)]).toString('base64');
    const fragment = image.slice(100, 140);
    // An unknown kind and a data: prefix never reach the route that swaps the body for its size.
    expect((await upload('passport', image)).body.code).toBe(Code.VALIDATION);
    expect((await upload('idFront', `data:image/jpeg;base64,${image}`)).body.code).toBe(Code.VALIDATION);
    expect((await upload('idFront', image)).body.success).toBe(true);
    const log = (
      await opsClient(app).get<{ requests: { path: string; requestBody: string | null }[] }>('/ops/requests')
    ).body.data.requests.filter((r) => r.path === '/api/user/kyc/documents');
    expect(log).toHaveLength(3);
    for (const entry of log) expect(entry.requestBody ?? '').not.toContain(fragment);
    expect(log.map((r) => r.requestBody)).toContain(
      JSON.stringify({ kind: 'passport', image: `[photo, ${image.length} characters]` }),
    );
  });

  it('submitting needs all three photos', async () => {
    await upload('idFront', JPEG);
    await upload('idBack', JPEG);
    expect((await submit()).body).toMatchObject({ success: false, code: Code.KYC_DOCUMENTS_MISSING });
    await upload('selfie', JPEG);
    expect((await submit()).body.data).toMatchObject({ status: 'pending' });
  });

  it('attack: no photo changes while the operator reviews, nor after approval', async () => {
    await uploadDocuments(player);
    await submit();
    expect((await upload('selfie', JPEG)).body).toMatchObject({ success: false, code: Code.KYC_DOCUMENTS_LOCKED });
    await decide({ decision: 'verified' });
    expect((await upload('selfie', JPEG)).body).toMatchObject({ success: false, code: Code.KYC_DOCUMENTS_LOCKED });
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM kyc_documents WHERE content_type = 'image/jpeg'`).toBe(0);
  });

  it('attack: two tabs submitting at once make one pending submission', async () => {
    await uploadDocuments(player);
    const answers = await Promise.all([submit(), submit()]);
    expect(answers.map((a) => a.body.success).sort()).toEqual([false, true]);
    expect(answers.find((a) => !a.body.success)?.body.code).toBe(Code.KYC_ALREADY_SUBMITTED);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM kyc_submissions`).toBe(1);
  });

  it('a rejection asking for a new selfie removes it: the player uploads it again and resubmits', async () => {
    await uploadDocuments(player);
    await submit();
    expect((await decide({ decision: 'verified', retake: ['selfie'] })).body.code).toBe(Code.VALIDATION);
    const rejected = await decide({ decision: 'rejected', reason: 'The selfie is blurred', retake: ['selfie'] });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', documents: { selfie: null } });
    const state = (await player.get<{ status: string; reason: string; documents: object }>('/api/user/kyc')).body.data;
    expect(state).toMatchObject({ status: 'rejected', reason: 'The selfie is blurred', documents: { selfie: null } });
    expect((await submit()).body.code).toBe(Code.KYC_DOCUMENTS_MISSING);
    await upload('selfie', JPEG);
    expect((await submit()).body.data).toMatchObject({ status: 'pending' });
  });
});

describe('the photos are served to operators with the role only', () => {
  beforeEach(async () => {
    await upload('idFront', JPEG);
  });

  it('streams the bytes with their type, no-store, to risk, support and admin', async () => {
    for (const role of ['risk', 'support', 'admin'] as const) {
      const { client } = await operatorClient(app, role);
      const answer = await app.inject({
        method: 'GET',
        url: `/ops/kyc/${uid}/documents/idFront`,
        headers: { cookie: client.cookie },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/jpeg');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.rawPayload.equals(JPEG)).toBe(true);
    }
    const list = await opsClient(app).get<{ list: { documents: object }[] }>('/ops/kyc', { uid });
    expect(list.body.code).toBe(0);
  });

  it('attack: a player (own session, own or another uid) or nobody at all is refused', async () => {
    const other = await registerPlayer(app);
    await upload('idFront', JPEG, other.client);
    for (const [client, forUid] of [
      [player, uid],
      [player, other.info.uid],
      [other.client, uid],
    ] as const) {
      const answer = await photo(client, 'idFront', forUid);
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe(Code.OPS_UNAUTHORIZED);
    }
    const anonymous = await app.inject({ method: 'GET', url: `/ops/kyc/${uid}/documents/idFront` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(/json/);
    // The player API has no route to a photo.
    for (const url of ['/api/user/kyc/documents', `/api/user/kyc/documents/idFront`, '/api/kyc/documents/idFront']) {
      expect((await player.get(url)).body.success).toBe(false);
    }
  });

  it('attack: a cashier or a tester operator has no right to the photos', async () => {
    for (const role of ['cashier', 'tester'] as const) {
      const answer = await photo((await operatorClient(app, role)).client);
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe(Code.OPS_FORBIDDEN);
    }
  });

  it("attack: the player's own session value as a bearer token or as an operator cookie reads no photo", async () => {
    const sid = /sid=([^;]+)/.exec(player.cookie)?.[1] as string;
    for (const headers of [{ authorization: `Bearer ${sid}` }, { cookie: `osid=${sid}` }, { cookie: `sid=${sid}` }]) {
      const answer = await app.inject({ method: 'GET', url: `/ops/kyc/${uid}/documents/idFront`, headers });
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['content-type']).toMatch(/json/);
      expect(answer.rawPayload.includes(JPEG)).toBe(false);
    }
  });

  it('attack: a guessed address (HEAD, a file name, a query token, another path) never streams a photo', async () => {
    const tester = (await operatorClient(app, 'tester')).client;
    const head = await app.inject({
      method: 'HEAD',
      url: `/ops/kyc/${uid}/documents/idFront`,
      headers: { cookie: tester.cookie },
    });
    expect(head.statusCode).toBe(403);
    for (const url of [
      `/ops/kyc/${uid}/documents/idFront?token=${app.config.adminToken}`,
      `/ops/kyc/${uid}/documents/idFront.jpg`,
      `/ops/kyc/${uid}/documents/`,
      `/ops/kyc/documents/idFront`,
      `/api/ops/kyc/${uid}/documents/idFront`,
      `/kyc/${uid}/idFront`,
      `/ops/kyc/${uid}/documents/..%2fidFront`,
    ]) {
      const answer = await app.inject({ method: 'GET', url, headers: { cookie: tester.cookie } });
      expect(answer.headers['content-type'], url).not.toMatch(/^image\//);
      expect(answer.rawPayload.includes(JPEG), url).toBe(false);
    }
  });

  it('answers not found for a missing photo or player, a validation error for an unknown kind', async () => {
    expect((await photo(opsClient(app), 'selfie')).body.code).toBe(Code.OPS_NOT_FOUND);
    expect((await photo(opsClient(app), 'idFront', 99_999_999)).body.code).toBe(Code.OPS_NOT_FOUND);
    expect((await photo(opsClient(app), 'passport')).body.code).toBe(Code.VALIDATION);
  });
});

describe('the verified name is locked', () => {
  it('attack: the player cannot change the full name after approval; the verified one is shown', async () => {
    expect((await player.post('/api/user/modify', { realName: 'Pedro Penduko' })).body.success).toBe(true);
    await uploadDocuments(player);
    await submit();
    await decide({ decision: 'verified' });
    const base = (await player.get<{ realName: string; realNameLocked: boolean }>('/api/user/base')).body.data;
    expect(base).toMatchObject({ realName: IDENTITY.realName, realNameLocked: true });
    const refused = await player.post('/api/user/modify', { realName: 'Pedro Penduko' });
    expect(refused.body).toMatchObject({ success: false, code: Code.KYC_NAME_LOCKED });
    expect(refused.body.msg).toMatch(/verified/);
    // The same name again is no change; the other fields stay editable.
    expect(
      (await player.post('/api/user/modify', { realName: IDENTITY.realName, nickname: 'Juan' })).body.success,
    ).toBe(true);
    expect((await player.get<{ realName: string }>('/api/user/base')).body.data.realName).toBe(IDENTITY.realName);
  });

  it('attack: a name change whose check ran just before the approval never replaces the verified name', async () => {
    await uploadDocuments(player);
    await submit();
    // The approval arrives between the name change's check (not verified yet) and its write: the check is
    // answered as it was, after waiting (up to half a second) for the approval to commit if it can. The
    // approval is sent from the test, outside the name change's request (and its transaction, if any).
    const kyc = app.services.kyc;
    const verified = kyc.verified;
    let checked: () => void = () => {};
    const wasChecked = new Promise<void>((resolve) => {
      checked = resolve;
    });
    let approved: () => void = () => {};
    const wasApproved = new Promise<void>((resolve) => {
      approved = resolve;
    });
    let first = true;
    kyc.verified = async (id: number) => {
      const before = await verified(id);
      if (first) {
        first = false;
        checked();
        await Promise.race([wasApproved, new Promise((resolve) => setTimeout(resolve, 500))]);
      }
      return before;
    };
    try {
      const change = player.post('/api/user/modify', { realName: 'Pedro Penduko' });
      await wasChecked;
      const approval = decide({ decision: 'verified' }).then(approved);
      const changed = await change;
      await approval;
      expect([true, Code.KYC_NAME_LOCKED]).toContain(changed.body.success || changed.body.code);
    } finally {
      kyc.verified = verified;
    }
    expect((await decide({ decision: 'verified' })).body.code).toBe(Code.TRANSITION_INVALID);
    const base = (await player.get<{ realName: string; realNameLocked: boolean }>('/api/user/base')).body.data;
    expect(base).toMatchObject({ realName: IDENTITY.realName, realNameLocked: true });
  });

  it('before approval the name stays editable', async () => {
    expect((await player.get<{ realNameLocked: boolean }>('/api/user/base')).body.data.realNameLocked).toBe(false);
    await uploadDocuments(player);
    await submit();
    expect((await player.post('/api/user/modify', { realName: 'Ana Reyes' })).body.success).toBe(true);
  });
});

describe('reminders before the 7-day deadline', () => {
  it('a letter 3 days and one 1 day before, each once, however often the clock moves', async () => {
    await opsClient(app).post('/ops/clock', { advance: '3d23h' });
    await app.services.kyc.remindDeadlines();
    expect(await letters()).toEqual([]);
    await opsClient(app).post('/ops/clock', { advance: '1h' });
    await app.services.kyc.remindDeadlines();
    await opsClient(app).post('/ops/clock', { advance: '1h' });
    await app.services.kyc.remindDeadlines();
    expect((await letters()).map((l) => l.title_en)).toEqual(['Verify your identity within 3 days']);
    await opsClient(app).post('/ops/clock', { advance: '2d' });
    await app.services.kyc.remindDeadlines();
    expect((await letters()).map((l) => l.title_en)).toEqual([
      'Verify your identity within 3 days',
      'Verify your identity by tomorrow',
    ]);
    // Past the deadline: no more reminders.
    await opsClient(app).post('/ops/clock', { advance: '3d' });
    await app.services.kyc.remindDeadlines();
    expect(await letters()).toHaveLength(2);
  });

  it('a clock that jumps to the last day sends the 1-day letter only; a pending or verified player gets none', async () => {
    const waiting = await registerPlayer(app);
    await uploadDocuments(waiting.client);
    await submit(waiting.client);
    await opsClient(app).post('/ops/clock', { advance: '6d12h' });
    await app.services.kyc.remindDeadlines();
    expect((await letters()).map((l) => l.title_en)).toEqual(['Verify your identity by tomorrow']);
    const waitingId = (await app.services.users.byUid(waiting.info.uid))?.id as number;
    expect(
      await inDb(app.db).value`SELECT COUNT(*) FROM letters WHERE user_id = ${waitingId} AND template = 'kyc-deadline'`,
    ).toBe(0);
  });

  it('attack: two processes ticking at once send one letter per reminder', async () => {
    // A second service over the same database stands for another process: no memory shared, only the store.
    const other = createKycService({
      db: app.db,
      clock: app.clock,
      events: app.events,
      users: app.services.users,
      letterDeadline: (id, daysLeft, deadline) =>
        app.services.inbox.write(
          id,
          { titleEn: 'dup', titleVi: 'dup', contentEn: deadline, contentVi: '' },
          {
            template: 'kyc-deadline',
            reference: `${daysLeft}d`,
          },
        ),
    });
    // Registered 4 days ago, the clock not moved (a move would run the scheduled reminder before the race).
    const fourDaysAgo = new Date(TEST_NOW.getTime() - 4 * DAY).toISOString();
    await inDb(app.db).run`UPDATE users SET created_at = ${fourDaysAgo} WHERE id = ${userId}`;
    const sent = await Promise.all([
      app.services.kyc.remindDeadlines(),
      other.remindDeadlines(),
      app.services.kyc.remindDeadlines(),
    ]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await letters()).toHaveLength(1);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM kyc_reminders WHERE user_id = ${userId}`).toBe(1);
  });
});

describe('ID numbers: in full for the reviewers who decide, the last 4 characters for everyone else', () => {
  const FULL = IDENTITY.idNumber.replace(/[\s-]/g, '');
  const MASKED = `${'*'.repeat(FULL.length - 4)}${FULL.slice(-4)}`;
  const listed = async (client: TestClient) => {
    const answer = await client.get<{ list: { idNumber: string }[] }>('/ops/kyc', { uid });
    expect(answer.body.code).toBe(0);
    return answer.body.data.list.map((k) => k.idNumber);
  };

  beforeEach(async () => {
    await uploadDocuments(player);
    await submit();
  });

  it.each([
    ['support', MASKED],
    ['tester', MASKED],
    ['risk', FULL],
    ['admin', FULL],
  ] as const)('GET /ops/kyc answers a %s operator %s', async (role, expected) => {
    const { client } = await operatorClient(app, role);
    const answer = await client.get('/ops/kyc', { uid });
    expect(await listed(client)).toEqual([expected]);
    if (expected === MASKED) expect(JSON.stringify(answer.body)).not.toContain(FULL.slice(0, -4));
  });

  it('the service account (ADMIN_TOKEN) reads the full number; a cashier reads no queue at all', async () => {
    expect(await listed(opsClient(app))).toEqual([FULL]);
    const cashier = (await operatorClient(app, 'cashier')).client;
    expect((await cashier.get('/ops/kyc', { uid })).body.code).toBe(Code.OPS_FORBIDDEN);
  });

  it("a decision's answer follows the same rule", async () => {
    const { client } = await operatorClient(app, 'risk');
    const decided = await client.post<{ idNumber: string }>(`/ops/kyc/${uid}/decide`, {
      decision: 'verified',
      reason: 'ID matches the selfie',
    });
    expect(decided.body.data.idNumber).toBe(FULL);
    expect(await listed((await operatorClient(app, 'tester')).client)).toEqual([MASKED]);
  });

  it("attack: the tester's request log of a risk operator's queue keeps only the last 4 characters", async () => {
    await listed((await operatorClient(app, 'risk')).client);
    const tester = (await operatorClient(app, 'tester')).client;
    const log = await tester.get('/ops/requests', { ops: 'true' });
    expect(log.body.code).toBe(0);
    const text = JSON.stringify(log.body);
    expect(text).toContain('/ops/kyc');
    expect(text).not.toContain(FULL.slice(0, -4));
  });
});
