import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { balance } from '../../../shared/contract/account';
import { configFetch } from '../../../shared/contract/config';
import { gameRecords, gameUrl } from '../../../shared/contract/game';
import { register } from '../../../shared/contract/user';
import { getGameRecords } from '../features/game/api/get-game-records';
import { getGameUrl } from '../features/game/api/get-game-url';
import { ApiError } from '../lib/http';
import { initI18n } from '../lib/i18n';
import { answer, recorded, refuse, startContractServer } from './contract-server';

const server = startContractServer();
initI18n('en-US');

const ROUND = {
  roundId: 'slot-1',
  gameId: 1,
  gameName: 'Fiesta Reels',
  bet: 10,
  win: 2.5,
  result: '3x K on line 2',
  createdAt: '2026-11-24T10:00:00.000Z',
};

describe('the contract mock server', () => {
  it("answers the app's own call through its http layer with the data given", async () => {
    server.use(answer(gameRecords, { list: [ROUND], page: 1, size: 20, total: 1, totalBet: 10, totalWin: 2.5 }));
    await expect(getGameRecords('slot')).resolves.toEqual({
      list: [ROUND],
      page: 1,
      size: 20,
      total: 1,
      totalBet: 10,
      totalWin: 2.5,
    });
  });

  it('refuses with a code the endpoint declares, in the words the server uses, as an ApiError', async () => {
    server.use(refuse(gameUrl, Code.GAME_NOT_PLAYABLE));
    const error = await getGameUrl(7).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(Code.GAME_NOT_PLAYABLE);
    expect((error as ApiError).message).toMatch(/\w/);
  });

  it('will not build an answer of the wrong shape: the compiler refuses it, and so does the schema', () => {
    const wrong = { list: [], page: 1, size: 20, total: 'one', totalBet: 0, totalWin: 0 };
    // @ts-expect-error `total` is a count, not a text: the contract's type rejects the fixture
    const wrongType = () => answer(gameRecords, wrong);
    expect(wrongType).toThrow(/GET \/api\/game\/record\/:type.*total/);
    // a cast gets past the compiler, not past the schema
    const cast = () => answer(gameRecords, { list: [{ ...ROUND, bet: undefined }] } as never);
    expect(cast).toThrow(/not what the contract lets the server send/);
  });

  it('will not take the fixtures the old vi.mock tests carried', () => {
    // @ts-expect-error the sign-up form's old mock answered `{ uid: 5 }`; the server answers the whole user
    expect(() => answer(register, { uid: 5 })).toThrow(/POST \/api\/user\/custom\/register/);
    // @ts-expect-error the live chat's old config had only the contacts (cast `as unknown as AppConfig`)
    expect(() => answer(configFetch, { cs_online: 'https://chat.example' })).toThrow(/not what the contract/);
  });

  it('will not refuse with a code the endpoint cannot answer', () => {
    // @ts-expect-error the game list is never refused for a withdrawal's reason
    refuse(gameRecords, Code.INSUFFICIENT_BALANCE);
    // a code the endpoint declares, and one every endpoint can answer, both compile
    refuse(gameUrl, Code.PLAY_PAUSED);
    refuse(gameRecords, Code.SESSION_INVALID);
  });

  it('gives the answer recorded from the scenarios, valid against the contract', () => {
    const recordedBalance = recorded(balance);
    expect(balance.data.safeParse(recordedBalance).success).toBe(true);
    expect(gameRecords.data.safeParse(recorded(gameRecords)).success).toBe(true);
    // an endpoint the recording never called (here: one that does not exist) says so
    expect(() => recorded({ ...gameRecords, path: '/api/not/recorded' })).toThrow(/no recorded success/);
  });
});
