import type { Language } from '../../../../shared/messages';

/**
 * The remarks other domains write on journal rows are English ("VIP 2 monthly reward"); the account
 * records show them in the player's language. Each pattern here is one a domain writes (friend, task,
 * vip, redemption, poker, mall); any other remark (an operator's reason, a wallet) is shown as written.
 */
const VI: readonly [RegExp, (m: RegExpExecArray) => string][] = [
  [/^Referral deposit rebate$/, () => 'Hoàn trả nạp tiền của bạn bè'],
  [/^Referral turnover rebate$/, () => 'Hoàn trả doanh số cược của bạn bè'],
  [/^Invite ranking #(\d+)$/, (m) => `Xếp hạng mời bạn #${m[1]}`],
  [/^Daily deposit bonus, tier (\d+)$/, (m) => `Thưởng nạp hằng ngày, mốc ${m[1]}`],
  [/^Return gift pack$/, () => 'Gói quà chào mừng trở lại'],
  [/^VIP (\d+) daily login reward$/, (m) => `Thưởng đăng nhập hằng ngày VIP ${m[1]}`],
  [/^VIP (\d+) monthly reward$/, (m) => `Thưởng hằng tháng VIP ${m[1]}`],
  [/^VIP (\d+) deposit rebate$/, (m) => `Hoàn trả nạp tiền VIP ${m[1]}`],
  [/^VIP (\d+) turnover rebate$/, (m) => `Hoàn trả doanh số cược VIP ${m[1]}`],
  [/^Redemption code (.+)$/, (m) => `Mã đổi thưởng ${m[1]}`],
  [/^Poker duplicate (.+)$/, (m) => `Lá bài trùng ${m[1]}`],
  [/^Poker collection grand prize$/, () => 'Giải đặc biệt bộ sưu tập bài'],
  [/^Mall: (\d+) x (.+)$/, (m) => `Cửa hàng: ${m[1]} x ${m[2]}`],
];

/**
 * A domain's own names for the rows it wrote: given a row's reference, its remark written with the names
 * in the language (a mall item's or a task's Vietnamese name, which the English remark cannot carry), or
 * undefined when the reference is not the domain's.
 */
export type RemarkNamer = (reference: string, language: Language) => Promise<string | undefined>;

/** The namers the domains provide (mall, task), then the patterns above: a row's remark for a player. */
export function createRemarkBook() {
  const namers: RemarkNamer[] = [];
  return {
    provide: (namer: RemarkNamer) => {
      namers.push(namer);
    },
    async text(row: { reference: string; remark: string }, language: Language): Promise<string> {
      if (language === 'vi-VN') {
        for (const namer of namers) {
          const named = await namer(row.reference, language);
          if (named !== undefined) return remarkText(named, language);
        }
      }
      return remarkText(row.remark, language);
    },
  };
}

export type RemarkBook = ReturnType<typeof createRemarkBook>;

export function remarkText(remark: string, language: Language): string {
  if (language !== 'vi-VN') return remark;
  for (const [pattern, say] of VI) {
    const match = pattern.exec(remark);
    if (match) return say(match);
  }
  return remark;
}
