import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US';
import vi from '../../locales/vi-VN';
import { roundResultText } from './round-result';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    resources: { 'en-US': { translation: en }, 'vi-VN': { translation: vi } },
    lng: 'en-US',
    fallbackLng: 'en-US',
    interpolation: { escapeValue: false },
  });
});
const say = (result: string, lng: 'en-US' | 'vi-VN') => roundResultText(result, i18n.getFixedT(lng));

describe('round results on the record screens', () => {
  it("says the provider's and the casino's lines in Vietnamese", () => {
    expect(say('No win', 'vi-VN')).toBe('Không thắng');
    expect(say('Refunded', 'vi-VN')).toBe('Đã hoàn tiền');
    expect(say('In progress', 'vi-VN')).toBe('Đang diễn ra');
    expect(say('Banker wins 7-5; bets banker 50.00', 'vi-VN')).toBe('Nhà cái thắng 7-5; cược banker 50.00');
    // Each side with its own total (issue 28: "Player wins 5-6" was written for Player 6, Banker 5).
    expect(say('Player 6 – Banker 5, Player wins; bets player 10.00', 'vi-VN')).toBe(
      'Nhà con 6 – Nhà cái 5, Nhà con thắng; cược player 10.00',
    );
    expect(say('Player 6 – Banker 5, Player wins', 'en-US')).toBe('Player 6 – Banker 5, Player wins');
    expect(say('Rolled 42.17, under 49.50: win', 'vi-VN')).toBe('Đổ được 42.17, dưới 49.50: thắng');
    expect(say('12 vs dealer 18: loss', 'vi-VN')).toBe('12 với nhà cái 18: thua');
    expect(say('fullHouse vs dealer pair: win', 'vi-VN')).toBe('Cù lũ với nhà cái đôi: thắng');
    expect(say('heads, tails; called heads', 'vi-VN')).toBe('Ngửa, sấp; chọn ngửa');
    expect(say('Hit a mine after 1 safe tile', 'vi-VN')).toBe('Trúng mìn sau 1 ô an toàn');
  });

  it('keeps English as the provider wrote it, words made readable, and an unknown part as it is', () => {
    expect(say('1 win, best 3x Cherry on line 2', 'en-US')).toBe('1 win, best 3x Cherry on line 2');
    expect(say('3 wins, best 5x Seven on line 1', 'en-US')).toBe('3 wins, best 5x Seven on line 1');
    expect(say('Hit a mine after 2 safe tiles', 'en-US')).toBe('Hit a mine after 2 safe tiles');
    expect(say('AS KS QS JS 10S: royalFlush', 'en-US')).toBe('AS KS QS JS 10S: royal flush');
    expect(say('A brand new line', 'vi-VN')).toBe('A brand new line');
  });
});
