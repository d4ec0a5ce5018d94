import type { Language } from '../../../../shared/messages';

/** Every journal type the server writes, with its name in each language (GET /api/user/balanceJournal/type). */
export const JOURNAL_TYPES = {
  deposit: { 'en-US': 'Deposit', 'vi-VN': 'Nạp tiền' },
  deposit_bonus: { 'en-US': 'Deposit bonus', 'vi-VN': 'Thưởng nạp tiền' },
  withdraw: { 'en-US': 'Withdrawal', 'vi-VN': 'Rút tiền' },
  withdraw_return: { 'en-US': 'Withdrawal returned', 'vi-VN': 'Hoàn tiền rút' },
  withdraw_paid: { 'en-US': 'Withdrawal paid', 'vi-VN': 'Đã chi trả rút tiền' },
  bet: { 'en-US': 'Bet', 'vi-VN': 'Đặt cược' },
  win: { 'en-US': 'Win', 'vi-VN': 'Thắng cược' },
  rollback: { 'en-US': 'Bet cancelled', 'vi-VN': 'Hủy cược' },
  reward: { 'en-US': 'Reward', 'vi-VN': 'Phần thưởng' },
  rebate: { 'en-US': 'Rebate', 'vi-VN': 'Hoàn trả' },
  points: { 'en-US': 'Points', 'vi-VN': 'Điểm' },
  mall: { 'en-US': 'Mall exchange', 'vi-VN': 'Đổi quà' },
  adjust: { 'en-US': 'Adjustment', 'vi-VN': 'Điều chỉnh' },
} as const satisfies Record<string, Record<Language, string>>;

export type JournalType = keyof typeof JOURNAL_TYPES;

export const journalTypeName = (type: string, language: Language): string =>
  (JOURNAL_TYPES as Record<string, Record<Language, string>>)[type]?.[language] ?? type;
