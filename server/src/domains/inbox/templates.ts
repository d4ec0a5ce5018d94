import { formatCentavos } from '../../../../shared/money';

/** A letter's texts in both languages: the request's `language` header picks one when it is read. */
export interface LetterText {
  titleEn: string;
  titleVi: string;
  contentEn: string;
  contentVi: string;
}

const peso = (centavos: number) => `₱${formatCentavos(centavos)}`;

/** The letters the system writes on domain events (docs/rewards.md, "Inbox, tasks and bonuses"). */
export const systemLetters = {
  welcome: (username: string): LetterText => ({
    titleEn: 'Welcome aboard!',
    titleVi: 'Chào mừng bạn!',
    contentEn:
      `Hi **${username}**, your account is ready.\n\n` +
      '- Claim your sign-up bonus in **30 Day Bonus** and sign in every day for more.\n' +
      '- Finish the tasks in **Task** for points and cash.\n' +
      '- Verify your identity within 7 days to keep withdrawals open.\n\n' +
      'Play responsibly. Good luck!',
    contentVi:
      `Xin chào **${username}**, tài khoản của bạn đã sẵn sàng.\n\n` +
      '- Nhận thưởng đăng ký trong **Thưởng 30 ngày** và điểm danh mỗi ngày để nhận thêm.\n' +
      '- Hoàn thành nhiệm vụ trong **Nhiệm vụ** để nhận điểm và tiền thưởng.\n' +
      '- Xác minh danh tính trong vòng 7 ngày để có thể rút tiền.\n\n' +
      'Hãy chơi có trách nhiệm. Chúc bạn may mắn!',
  }),

  /** A few hours before a cool-off ends (responsible gaming); `until` as the player reads it in each language. */
  breakEnding: (untilEn: string, untilVi: string): LetterText => ({
    titleEn: 'Your break ends soon',
    titleVi: 'Thời gian tạm nghỉ sắp kết thúc',
    contentEn:
      `Your break from play ends on **${untilEn}** (Manila time). Deposits and games open again then.\n\n` +
      'Before you play again, you can set deposit, loss or wager limits, or a reality check, in ' +
      '**Responsible Gaming**; or make your break longer there. Our customer service is here for you, any time.',
    contentVi:
      `Thời gian tạm nghỉ của bạn kết thúc vào **${untilVi}** (giờ Manila). Khi đó nạp tiền và trò chơi sẽ mở lại.\n\n` +
      'Trước khi chơi lại, bạn có thể đặt hạn mức nạp, thua hoặc cược, hay nhắc nhở thời gian chơi, trong ' +
      '**Chơi có trách nhiệm**; hoặc kéo dài thời gian tạm nghỉ. Bộ phận chăm sóc khách hàng luôn sẵn sàng hỗ trợ bạn.',
  }),

  deposit: (orderNo: string, amount: number): LetterText => ({
    titleEn: 'Deposit credited',
    titleVi: 'Nạp tiền thành công',
    contentEn: `Your deposit of **${peso(amount)}** (order ${orderNo}) has been credited to your balance.`,
    contentVi: `Khoản nạp **${peso(amount)}** (đơn ${orderNo}) đã được cộng vào số dư của bạn.`,
  }),

  withdrawPaid: (orderNo: string, amount: number): LetterText => ({
    titleEn: 'Withdrawal paid',
    titleVi: 'Rút tiền thành công',
    contentEn: `Your withdrawal of **${peso(amount)}** (order ${orderNo}) has been paid to your e-wallet.`,
    contentVi: `Khoản rút **${peso(amount)}** (đơn ${orderNo}) đã được chuyển vào ví điện tử của bạn.`,
  }),

  withdrawFailed: (orderNo: string, amount: number, reason: string): LetterText => ({
    titleEn: 'Withdrawal failed',
    titleVi: 'Rút tiền thất bại',
    contentEn:
      `Your withdrawal of **${peso(amount)}** (order ${orderNo}) could not be paid` +
      `${reason ? `: ${reason}` : ''}. The amount is back in your balance.`,
    contentVi:
      `Khoản rút **${peso(amount)}** (đơn ${orderNo}) không thể chi trả` +
      `${reason ? `: ${reason}` : ''}. Số tiền đã được hoàn lại vào số dư của bạn.`,
  }),

  withdrawRejected: (orderNo: string, amount: number, reason: string): LetterText => ({
    titleEn: 'Withdrawal rejected',
    titleVi: 'Yêu cầu rút tiền bị từ chối',
    contentEn:
      `Your withdrawal of **${peso(amount)}** (order ${orderNo}) was rejected` +
      `${reason ? `: ${reason}` : ''}. The amount is back in your balance.`,
    contentVi:
      `Yêu cầu rút **${peso(amount)}** (đơn ${orderNo}) đã bị từ chối` +
      `${reason ? `: ${reason}` : ''}. Số tiền đã được hoàn lại vào số dư của bạn.`,
  }),

  withdrawException: (orderNo: string, amount: number): LetterText => ({
    titleEn: 'Withdrawal being checked',
    titleVi: 'Khoản rút tiền đang được kiểm tra',
    contentEn:
      `The e-wallet did not confirm your withdrawal of **${peso(amount)}** (order ${orderNo}). ` +
      'We are checking it with them; the amount stays frozen until it is settled.',
    contentVi:
      `Ví điện tử chưa xác nhận khoản rút **${peso(amount)}** (đơn ${orderNo}). ` +
      'Chúng tôi đang kiểm tra; số tiền được tạm giữ cho đến khi hoàn tất.',
  }),

  kycVerified: (): LetterText => ({
    titleEn: 'Identity verified',
    titleVi: 'Đã xác minh danh tính',
    contentEn: 'Your identity has been verified. Withdrawals are open for your account.',
    contentVi: 'Danh tính của bạn đã được xác minh. Tài khoản của bạn có thể rút tiền.',
  }),

  kycDeadline: (daysLeft: number, deadlineEn: string, deadlineVi: string): LetterText => ({
    titleEn: daysLeft <= 1 ? 'Verify your identity by tomorrow' : `Verify your identity within ${daysLeft} days`,
    titleVi: daysLeft <= 1 ? 'Hãy xác minh danh tính trước ngày mai' : `Hãy xác minh danh tính trong ${daysLeft} ngày`,
    contentEn:
      `Your account must be verified by **${deadlineEn}**. After that, withdrawals stay closed until your ` +
      'identity is verified.\n\nOpen **Withdraw** (or the Security centre), upload the front and back of your ID and ' +
      'a selfie, and submit your details.',
    contentVi:
      `Tài khoản của bạn cần được xác minh trước **${deadlineVi}**. Sau thời điểm đó, bạn không thể rút tiền cho ` +
      'đến khi danh tính được xác minh.\n\nMở **Rút tiền** (hoặc Trung tâm bảo mật), tải lên mặt trước, mặt sau ' +
      'giấy tờ tùy thân và ảnh chân dung, rồi gửi thông tin.',
  }),

  kycRejected: (reason: string): LetterText => ({
    titleEn: 'Identity verification rejected',
    titleVi: 'Xác minh danh tính bị từ chối',
    contentEn:
      `We could not verify your identity${reason ? `: ${reason}` : ''}.\n\n` +
      'Please upload any photo asked for again and submit your personal information again.',
    contentVi:
      `Chúng tôi không thể xác minh danh tính của bạn${reason ? `: ${reason}` : ''}.\n\n` +
      'Vui lòng tải lại ảnh được yêu cầu và gửi lại thông tin cá nhân.',
  }),
};

/** The letter types of GET /api/letter/type, in both languages. */
export const LETTER_TYPE_NAMES = {
  system: { 'en-US': 'System', 'vi-VN': 'Hệ thống' },
  notice: { 'en-US': 'Notices', 'vi-VN': 'Thông báo' },
  reward: { 'en-US': 'Rewards', 'vi-VN': 'Phần thưởng' },
} as const;
