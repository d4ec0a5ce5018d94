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

/** The counterparty accounts (table ledger_accounts, migration 0014). */
export type Counterparty = 'house' | 'gateway' | 'payout' | 'provider' | 'promotions';

/**
 * The counterparty of every transfer type: a journal row moves money between the player's account and
 * this one (the same function in migration 0014 for the rows written before it).
 */
export const COUNTERPARTY: Record<JournalType, Counterparty> = {
  deposit: 'gateway',
  deposit_bonus: 'promotions',
  withdraw: 'payout',
  withdraw_return: 'payout',
  withdraw_paid: 'payout',
  bet: 'provider',
  win: 'provider',
  rollback: 'provider',
  reward: 'promotions',
  rebate: 'promotions',
  points: 'promotions',
  mall: 'promotions',
  adjust: 'house',
};

export const journalTypeName = (type: string, language: Language): string =>
  (JOURNAL_TYPES as Record<string, Record<Language, string>>)[type]?.[language] ?? type;
