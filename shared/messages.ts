import { Code, type CodeValue } from './codes';
import { RuleMessage } from './rules';
import { manilaText } from './time';

export const LANGUAGES = ['en-US', 'vi-VN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';

export const pickLanguage = (header: string | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(header ?? '') ? (header as Language) : DEFAULT_LANGUAGE;

type Text = Record<Language, string>;

/** The player-readable message of each code. `{name}` placeholders are filled from params. */
export const codeMessages: Record<CodeValue, Text> = {
  [Code.OK]: { 'en-US': 'Success', 'vi-VN': 'Thành công' },
  [Code.VALIDATION]: {
    'en-US': 'Please check the highlighted fields',
    'vi-VN': 'Vui lòng kiểm tra các trường được đánh dấu',
  },
  [Code.MALFORMED_JSON]: {
    'en-US': 'The request body is not valid JSON',
    'vi-VN': 'Nội dung yêu cầu không phải JSON hợp lệ',
  },
  [Code.BODY_TOO_LARGE]: { 'en-US': 'The request is too large', 'vi-VN': 'Yêu cầu quá lớn' },
  [Code.NOT_FOUND]: { 'en-US': 'Request address error', 'vi-VN': 'Địa chỉ yêu cầu không đúng' },
  [Code.INTERNAL]: { 'en-US': 'Server error! Please try again later', 'vi-VN': 'Lỗi máy chủ! Vui lòng thử lại sau' },
  [Code.RATE_LIMITED]: {
    'en-US': 'Too many attempts. Please try again in {wait}',
    'vi-VN': 'Quá nhiều lần thử. Vui lòng thử lại sau {wait}',
  },
  [Code.MISSING_REQUEST_FROM]: {
    'en-US': 'Request error: the header requestFrom is missing or wrong (send requestFrom: H5, or APP_H5 in the app)',
    'vi-VN': 'Lỗi yêu cầu: thiếu hoặc sai tiêu đề requestFrom (gửi requestFrom: H5, hoặc APP_H5 trong ứng dụng)',
  },
  [Code.UNSUPPORTED_MEDIA_TYPE]: {
    'en-US': 'Send the request body as JSON',
    'vi-VN': 'Vui lòng gửi nội dung dạng JSON',
  },
  [Code.BAD_REQUEST]: { 'en-US': 'Request error', 'vi-VN': 'Lỗi yêu cầu' },
  [Code.SERVICE_UNAVAILABLE]: {
    'en-US': 'The service is briefly unavailable. Please try again in a few seconds',
    'vi-VN': 'Dịch vụ tạm thời không khả dụng. Vui lòng thử lại sau vài giây',
  },
  [Code.IDEMPOTENCY_KEY_REUSED]: {
    'en-US': 'This Idempotency-Key was already used for a different request; send a new key for a new request',
    'vi-VN': 'Idempotency-Key này đã được dùng cho một yêu cầu khác; hãy gửi khóa mới cho yêu cầu mới',
  },
  [Code.IDEMPOTENCY_IN_PROGRESS]: {
    'en-US': 'A request with this key is still being processed; try again in a moment',
    'vi-VN': 'Một yêu cầu với khóa này vẫn đang được xử lý; vui lòng thử lại sau giây lát',
  },
  [Code.LOGIN_FAILED]: { 'en-US': 'Incorrect username or password', 'vi-VN': 'Tên đăng nhập hoặc mật khẩu không đúng' },
  [Code.SESSION_INVALID]: {
    'en-US': 'Your session has ended. Please log in again',
    'vi-VN': 'Phiên đăng nhập đã kết thúc. Vui lòng đăng nhập lại',
  },
  [Code.USERNAME_TAKEN]: { 'en-US': 'This username is already taken', 'vi-VN': 'Tên đăng nhập đã được sử dụng' },
  [Code.PHONE_TAKEN]: { 'en-US': 'This mobile number is already registered', 'vi-VN': 'Số điện thoại đã được đăng ký' },
  [Code.TERMS_NOT_ACCEPTED]: {
    'en-US': 'Please confirm you are 21 or older and accept the terms',
    'vi-VN': 'Vui lòng xác nhận bạn đủ 21 tuổi và đồng ý điều khoản',
  },
  [Code.INVITE_CODE_INVALID]: { 'en-US': 'This invitation code does not exist', 'vi-VN': 'Mã mời không tồn tại' },
  [Code.SUPERIOR_ALREADY_BOUND]: {
    'en-US': 'You have already bound a superior',
    'vi-VN': 'Bạn đã liên kết người giới thiệu',
  },
  [Code.SMS_CODE_INVALID]: {
    'en-US': 'The verification code is wrong or has expired',
    'vi-VN': 'Mã xác minh sai hoặc đã hết hạn',
  },
  [Code.SMS_COOLDOWN]: {
    'en-US': 'Please wait {seconds} seconds before requesting another code',
    'vi-VN': 'Vui lòng đợi {seconds} giây trước khi yêu cầu mã mới',
  },
  [Code.OLD_PASSWORD_WRONG]: { 'en-US': 'The current password is wrong', 'vi-VN': 'Mật khẩu hiện tại không đúng' },
  [Code.TRADE_PASSWORD_NOT_SET]: {
    'en-US': 'Please set a transaction password first',
    'vi-VN': 'Vui lòng đặt mật khẩu giao dịch trước',
  },
  [Code.ACCOUNT_SUSPENDED]: {
    'en-US': 'This account is suspended. Please contact customer service',
    'vi-VN': 'Tài khoản đã bị khóa. Vui lòng liên hệ chăm sóc khách hàng',
  },
  [Code.PHONE_NOT_REGISTERED]: {
    'en-US': 'No account uses this mobile number',
    'vi-VN': 'Không có tài khoản nào dùng số điện thoại này',
  },
  [Code.SUPERIOR_INVALID]: {
    'en-US': 'You cannot bind yourself or one of your own referrals',
    'vi-VN': 'Bạn không thể liên kết chính mình hoặc người bạn đã giới thiệu',
  },
  [Code.PLAY_PAUSED]: {
    'en-US':
      'You are taking a break from play until {until}. Deposits and games are closed until then; withdrawals stay open',
    'vi-VN': 'Bạn đang tạm nghỉ chơi đến {until}. Nạp tiền và trò chơi tạm đóng đến lúc đó; rút tiền vẫn mở',
  },
  [Code.BREAK_RUNNING]: {
    'en-US': 'A break is already running until {until}. It cannot be shortened; choose a longer one to extend it',
    'vi-VN': 'Bạn đang tạm nghỉ đến {until}. Không thể rút ngắn; hãy chọn thời gian dài hơn để gia hạn',
  },
  [Code.GUEST_NOT_ALLOWED]: {
    'en-US': 'Please register an account to use this feature',
    'vi-VN': 'Vui lòng đăng ký tài khoản để dùng tính năng này',
  },
  [Code.PHONE_NOT_BOUND]: {
    'en-US': 'Please bind a mobile phone first',
    'vi-VN': 'Vui lòng liên kết số điện thoại trước',
  },
  [Code.AVATAR_UNKNOWN]: {
    'en-US': 'Please choose one of the avatars shown',
    'vi-VN': 'Vui lòng chọn một ảnh đại diện có sẵn',
  },
  [Code.ACCOUNT_LOCKED]: {
    'en-US': 'Too many wrong passwords. Please try again in {wait}',
    'vi-VN': 'Sai mật khẩu quá nhiều lần. Vui lòng thử lại sau {wait}',
  },
  [Code.ALREADY_REGISTERED]: {
    'en-US': 'This account is already registered',
    'vi-VN': 'Tài khoản này đã được đăng ký',
  },
  [Code.SAME_PASSWORD]: {
    'en-US': 'The new password must differ from the current one',
    'vi-VN': 'Mật khẩu mới phải khác mật khẩu hiện tại',
  },
  [Code.OPS_UNAUTHORIZED]: {
    'en-US': 'Sign in to the back office: your operator session is missing or has ended',
    'vi-VN': 'Hãy đăng nhập trang quản trị: phiên của nhân viên không có hoặc đã hết hạn',
  },
  [Code.OPS_FORBIDDEN]: {
    'en-US': 'Your role does not allow this action',
    'vi-VN': 'Vai trò của bạn không được phép thực hiện thao tác này',
  },
  [Code.OPS_TESTER_TOOLS_OFF]: {
    'en-US': 'Tester tools are switched off on this server',
    'vi-VN': 'Công cụ kiểm thử đã bị tắt trên máy chủ này',
  },
  [Code.OPS_LOGIN_FAILED]: {
    'en-US': 'Wrong name, password or code',
    'vi-VN': 'Sai tên, mật khẩu hoặc mã xác thực',
  },
  [Code.OPS_LOGIN_LOCKED]: {
    'en-US': 'Too many failed sign-ins: this account is locked for 15 minutes',
    'vi-VN': 'Đăng nhập sai quá nhiều lần: tài khoản bị khóa trong 15 phút',
  },
  [Code.OPERATOR_EXISTS]: {
    'en-US': 'An operator with this name exists already',
    'vi-VN': 'Đã có nhân viên với tên này',
  },
  [Code.OPS_LAST_ADMIN]: {
    'en-US': 'The last active admin cannot be disabled or given another role',
    'vi-VN': 'Không thể vô hiệu hóa hoặc đổi vai trò của quản trị viên cuối cùng',
  },
  [Code.OPS_REASON_REQUIRED]: {
    'en-US': 'Type a reason for this action: it is kept in the audit trail',
    'vi-VN': 'Hãy nhập lý do cho thao tác này: lý do được lưu trong nhật ký kiểm tra',
  },
  [Code.OPS_CSRF]: {
    'en-US': 'This action must come from the back office page',
    'vi-VN': 'Thao tác này phải được gửi từ trang quản trị',
  },
  [Code.OPS_NOT_FOUND]: { 'en-US': 'No such record', 'vi-VN': 'Không có bản ghi này' },
  [Code.OPS_BAD_DURATION]: {
    'en-US': 'Write a duration like 1d, 3h, 15m or 30s',
    'vi-VN': 'Hãy viết khoảng thời gian như 1d, 3h, 15m hoặc 30s',
  },
  [Code.INSUFFICIENT_BALANCE]: { 'en-US': 'Insufficient balance', 'vi-VN': 'Số dư không đủ' },
  [Code.AMOUNT_INVALID]: {
    'en-US': 'Enter an amount with at most two decimals',
    'vi-VN': 'Nhập số tiền có tối đa hai chữ số thập phân',
  },
  [Code.CHANNEL_DISABLED]: {
    'en-US': 'This payment channel is not available right now',
    'vi-VN': 'Kênh thanh toán này hiện không khả dụng',
  },
  [Code.AMOUNT_OUT_OF_RANGE]: {
    'en-US': 'The amount must be between {min} and {max}',
    'vi-VN': 'Số tiền phải từ {min} đến {max}',
  },
  [Code.FIRST_DEPOSIT_MIN]: {
    'en-US': 'Your first deposit must be at least {min}',
    'vi-VN': 'Lần nạp đầu tiên phải từ {min} trở lên',
  },
  [Code.COUPON_INVALID]: {
    'en-US': 'This coupon cannot be used for this deposit',
    'vi-VN': 'Không thể dùng phiếu thưởng này cho lần nạp này',
  },
  [Code.ORDER_NOT_FOUND]: { 'en-US': 'Order not found', 'vi-VN': 'Không tìm thấy đơn hàng' },
  [Code.SIGNATURE_INVALID]: { 'en-US': 'Invalid signature', 'vi-VN': 'Chữ ký không hợp lệ' },
  [Code.CALLBACK_AMOUNT_MISMATCH]: {
    'en-US': 'The paid amount does not match the order',
    'vi-VN': 'Số tiền thanh toán không khớp với đơn hàng',
  },
  [Code.WALLET_ALREADY_BOUND]: {
    'en-US': 'A wallet is already bound and cannot be changed',
    'vi-VN': 'Ví đã được liên kết và không thể thay đổi',
  },
  [Code.WALLET_NOT_BOUND]: { 'en-US': 'Please bind a wallet first', 'vi-VN': 'Vui lòng liên kết ví trước' },
  [Code.TRADE_PASSWORD_WRONG]: {
    'en-US': 'The transaction password is wrong',
    'vi-VN': 'Mật khẩu giao dịch không đúng',
  },
  [Code.KYC_REQUIRED]: {
    'en-US': 'Please verify your identity before withdrawing',
    'vi-VN': 'Vui lòng xác minh danh tính trước khi rút tiền',
  },
  [Code.WITHDRAW_MIN]: {
    'en-US': 'The minimum withdrawal is {min}',
    'vi-VN': 'Số tiền rút tối thiểu là {min}',
  },
  [Code.WITHDRAW_LIMIT]: {
    'en-US': 'This exceeds your daily withdrawal limit of {max} (remaining today: {remaining})',
    'vi-VN': 'Vượt quá hạn mức rút trong ngày {max} (còn lại hôm nay: {remaining})',
  },
  [Code.WITHDRAW_COUNT]: {
    'en-US': "You have reached today's {count} withdrawals. Please try again tomorrow",
    'vi-VN': 'Bạn đã rút đủ {count} lần hôm nay. Vui lòng thử lại vào ngày mai',
  },
  [Code.TURNOVER_OWED]: {
    'en-US': 'Please complete the remaining turnover of {amount} before withdrawing',
    'vi-VN': 'Vui lòng hoàn thành doanh số cược còn lại {amount} trước khi rút tiền',
  },
  [Code.DEPOSIT_LIMIT_REACHED]: {
    'en-US': 'This deposit goes over your {period} deposit limit of ₱ {limit}: ₱ {left} left until {resetsAt}',
    'vi-VN': 'Khoản nạp này vượt hạn mức nạp {period} ₱ {limit} của bạn: còn ₱ {left} đến {resetsAt}',
  },
  [Code.WAGER_LIMIT_REACHED]: {
    'en-US': 'This bet goes over your {period} wager limit of ₱ {limit}: ₱ {left} left until {resetsAt}',
    'vi-VN': 'Cược này vượt hạn mức cược {period} ₱ {limit} của bạn: còn ₱ {left} đến {resetsAt}',
  },
  [Code.LOSS_LIMIT_REACHED]: {
    'en-US': 'This bet could go over your {period} loss limit of ₱ {limit}: ₱ {left} left until {resetsAt}',
    'vi-VN': 'Cược này có thể vượt hạn mức thua {period} ₱ {limit} của bạn: còn ₱ {left} đến {resetsAt}',
  },
  [Code.WITHDRAW_BLOCKED_FLAG]: {
    'en-US': 'Withdrawals from this account are on hold while we review it. Please contact support',
    'vi-VN': 'Tài khoản này tạm ngừng rút tiền trong thời gian chúng tôi xem xét. Vui lòng liên hệ hỗ trợ',
  },
  [Code.RISK_FLAG_SET_ALREADY]: {
    'en-US': 'The player already has this flag',
    'vi-VN': 'Người chơi đã có cờ này',
  },
  [Code.RISK_FLAG_NOT_SET]: {
    'en-US': 'The player does not have this flag',
    'vi-VN': 'Người chơi không có cờ này',
  },
  [Code.BONUS_LOCKED]: {
    'en-US': '{locked} of your balance is bonus still being wagered. You can withdraw up to {available} now',
    'vi-VN': '{locked} trong số dư là tiền thưởng chưa hoàn thành doanh số cược. Bạn có thể rút tối đa {available}',
  },
  [Code.KYC_DOCUMENT_TYPE]: {
    'en-US': 'This file is not a photo we can read. Please use a JPEG, PNG or WebP image',
    'vi-VN': 'Tệp này không phải ảnh hợp lệ. Vui lòng dùng ảnh JPEG, PNG hoặc WebP',
  },
  [Code.KYC_DOCUMENT_TOO_LARGE]: {
    'en-US': 'The photo is larger than {mb} MB. Please take a smaller one',
    'vi-VN': 'Ảnh lớn hơn {mb} MB. Vui lòng chụp ảnh nhỏ hơn',
  },
  [Code.KYC_DOCUMENTS_MISSING]: {
    'en-US': 'Please upload the front and back of your ID and a selfie first',
    'vi-VN': 'Vui lòng tải lên mặt trước, mặt sau giấy tờ tùy thân và ảnh chân dung trước',
  },
  [Code.KYC_DOCUMENTS_LOCKED]: {
    'en-US': 'Your photos cannot be changed while your identity is {status}',
    'vi-VN': 'Không thể thay đổi ảnh khi danh tính của bạn đang ở trạng thái {status}',
  },
  [Code.KYC_NAME_LOCKED]: {
    'en-US': 'Your full name is verified and can no longer be changed. Please contact support',
    'vi-VN': 'Họ tên của bạn đã được xác minh và không thể thay đổi. Vui lòng liên hệ hỗ trợ',
  },
  [Code.CAPTCHA_INVALID]: {
    'en-US': 'The captcha is wrong or has expired. Please try again',
    'vi-VN': 'Mã captcha sai hoặc đã hết hạn. Vui lòng thử lại',
  },
  [Code.TRANSITION_INVALID]: {
    'en-US': 'This change of status is not allowed',
    'vi-VN': 'Không được phép thay đổi trạng thái này',
  },
  [Code.KYC_ALREADY_SUBMITTED]: {
    'en-US': 'Your identity verification is already {status}',
    'vi-VN': 'Xác minh danh tính của bạn đã ở trạng thái {status}',
  },
  [Code.ACCOUNT_RESTRICTED]: {
    'en-US': 'Your account is restricted until your identity is verified',
    'vi-VN': 'Tài khoản bị hạn chế cho đến khi danh tính được xác minh',
  },
  [Code.UNDERAGE]: {
    'en-US': 'Players must be at least 21 years old',
    'vi-VN': 'Người chơi phải từ 21 tuổi trở lên',
  },
  [Code.PAYMENT_CANCELLED]: { 'en-US': 'The payment was cancelled', 'vi-VN': 'Thanh toán đã bị hủy' },
  [Code.WALLET_IN_USE]: {
    'en-US': 'This wallet is bound to another account',
    'vi-VN': 'Ví này đã được liên kết với tài khoản khác',
  },
  [Code.DEPOSIT_NOT_PENDING]: {
    'en-US': 'This deposit is no longer waiting for payment',
    'vi-VN': 'Khoản nạp này không còn chờ thanh toán',
  },
  [Code.GAME_NOT_FOUND]: { 'en-US': 'This game does not exist', 'vi-VN': 'Trò chơi không tồn tại' },
  [Code.GAME_NOT_PLAYABLE]: {
    'en-US': 'This game is under maintenance. Please try another one',
    'vi-VN': 'Trò chơi đang bảo trì. Vui lòng thử trò khác',
  },
  [Code.GAME_TOKEN_INVALID]: { 'en-US': 'Invalid game session', 'vi-VN': 'Phiên chơi không hợp lệ' },
  [Code.GAME_TOKEN_EXPIRED]: {
    'en-US': 'The game session has expired. Please open the game again',
    'vi-VN': 'Phiên chơi đã hết hạn. Vui lòng mở lại trò chơi',
  },
  [Code.TRANSACTION_UNKNOWN]: { 'en-US': 'Unknown transaction', 'vi-VN': 'Giao dịch không xác định' },
  [Code.ROUND_SETTLED]: { 'en-US': 'This round is already settled', 'vi-VN': 'Ván chơi này đã được thanh toán' },
  [Code.CRASH_NOT_FLYING]: {
    'en-US': 'Nothing to cash out yet: the round has not taken off',
    'vi-VN': 'Chưa thể rút: ván chưa cất cánh',
  },
  [Code.CRASH_TOO_LATE]: {
    'en-US': 'Too late: the round crashed before your cash-out arrived',
    'vi-VN': 'Quá muộn: ván đã nổ trước khi yêu cầu rút của bạn đến',
  },
  [Code.CRASH_NO_BET]: { 'en-US': 'You have no bet in this round', 'vi-VN': 'Bạn không có cược trong ván này' },
  [Code.TRANSACTION_CONFLICT]: {
    'en-US': 'This transaction id was already used with other details',
    'vi-VN': 'Mã giao dịch này đã được dùng với thông tin khác',
  },
  [Code.BET_INVALID]: { 'en-US': 'This bet is not allowed', 'vi-VN': 'Mức cược này không hợp lệ' },
  [Code.GAME_ACTION_INVALID]: {
    'en-US': 'This move is not allowed now',
    'vi-VN': 'Nước đi này hiện không được phép',
  },
  [Code.ROUND_NOT_VERIFIABLE]: {
    'en-US': 'This round cannot be verified yet: its server seed is still in use',
    'vi-VN': 'Chưa thể kiểm chứng ván này: hạt giống máy chủ vẫn đang được dùng',
  },
  [Code.SEEDS_IN_USE]: {
    'en-US': 'A round on these seeds is still open. Finish it, then change seeds',
    'vi-VN': 'Vẫn còn một ván đang mở trên hạt giống này. Hãy chơi xong ván đó rồi đổi hạt giống',
  },
  [Code.REWARD_ALREADY_CLAIMED]: {
    'en-US': 'This reward has already been claimed',
    'vi-VN': 'Phần thưởng này đã được nhận',
  },
  [Code.NOTHING_TO_CLAIM]: { 'en-US': 'There is no reward to claim yet', 'vi-VN': 'Chưa có phần thưởng để nhận' },
  [Code.SIGN_IN_NOT_ARRIVED]: { 'en-US': 'Sign-in date not arrived', 'vi-VN': 'Chưa đến ngày điểm danh' },

  // --- 601xx VIP, friends, invite ranking ---
  [Code.RANKING_PERIOD_RUNNING]: {
    'en-US': 'This ranking period has not finished yet',
    'vi-VN': 'Kỳ xếp hạng này chưa kết thúc',
  },
  [Code.RANKING_PERIOD_UNKNOWN]: { 'en-US': 'Unknown ranking period', 'vi-VN': 'Kỳ xếp hạng không tồn tại' },

  // --- end 601xx ---

  // --- 602xx poker, redemption codes, mall ---
  [Code.POKER_NO_CHANCE]: {
    'en-US': 'No draws left. Come back after midnight, or invite friends to make their first deposit',
    'vi-VN': 'Đã hết lượt rút. Hãy quay lại sau nửa đêm hoặc mời bạn bè nạp tiền lần đầu',
  },
  [Code.CODE_INVALID]: {
    'en-US': 'This redemption code does not exist. Please check it and try again',
    'vi-VN': 'Mã đổi thưởng không tồn tại. Vui lòng kiểm tra và thử lại',
  },
  [Code.CODE_ALREADY_USED]: {
    'en-US': 'You have already redeemed this code',
    'vi-VN': 'Bạn đã sử dụng mã này rồi',
  },
  [Code.CODE_EXHAUSTED]: {
    'en-US': 'This code has been fully redeemed by other players',
    'vi-VN': 'Mã này đã được những người chơi khác sử dụng hết',
  },
  [Code.CODE_EXPIRED]: { 'en-US': 'This code has expired', 'vi-VN': 'Mã này đã hết hạn' },
  [Code.CODE_VIP_TOO_LOW]: {
    'en-US': 'This code is for VIP {level} and above',
    'vi-VN': 'Mã này dành cho VIP {level} trở lên',
  },
  [Code.CODE_EXISTS]: { 'en-US': 'A code with this name already exists', 'vi-VN': 'Mã với tên này đã tồn tại' },
  [Code.COUPON_TEMPLATE_UNKNOWN]: {
    'en-US': 'Unknown coupon template {coupon}',
    'vi-VN': 'Mẫu phiếu giảm giá {coupon} không tồn tại',
  },
  [Code.MALL_ITEM_NOT_FOUND]: {
    'en-US': 'This item is no longer available',
    'vi-VN': 'Vật phẩm này không còn nữa',
  },
  [Code.MALL_OUT_OF_STOCK]: {
    'en-US': 'Not enough stock: {left} left',
    'vi-VN': 'Không đủ hàng: còn {left}',
  },
  [Code.MALL_LIMIT_REACHED]: {
    'en-US': 'Exchange limit reached: at most {limit} per account, you can take {left} more',
    'vi-VN': 'Đã đạt giới hạn đổi: tối đa {limit} mỗi tài khoản, bạn còn đổi được {left}',
  },
  [Code.MALL_POINTS_LOW]: {
    'en-US': 'Not enough points: {needed} needed, you have {point}',
    'vi-VN': 'Không đủ điểm: cần {needed}, bạn có {point}',
  },
  [Code.MALL_VIP_TOO_LOW]: {
    'en-US': 'This item is for VIP {level} and above',
    'vi-VN': 'Vật phẩm này dành cho VIP {level} trở lên',
  },

  // --- end 602xx ---

  // --- 603xx inbox, tasks, daily bonuses ---
  [Code.CHAT_NOT_FOUND]: { 'en-US': 'This conversation does not exist', 'vi-VN': 'Cuộc trò chuyện này không tồn tại' },
  [Code.CHAT_CLOSED]: {
    'en-US': 'This conversation is closed',
    'vi-VN': 'Cuộc trò chuyện này đã kết thúc',
  },
  [Code.FISH_NOT_IN_POND]: {
    'en-US': 'That fish is no longer in the pond: aim at another one. Nothing was charged',
    'vi-VN': 'Con cá đó không còn trong hồ: hãy nhắm con khác. Bạn không bị trừ tiền',
  },
  [Code.FISH_LEVEL_INVALID]: {
    'en-US': 'Choose one of the cannon levels for your shot',
    'vi-VN': 'Hãy chọn một trong các mức pháo cho phát bắn',
  },
  [Code.FISH_SHOT_IN_FLIGHT]: {
    'en-US': 'Your last shot is still on its way: wait for it to land',
    'vi-VN': 'Phát bắn trước vẫn đang bay: hãy chờ nó tới đích',
  },
  [Code.FISH_SHOT_REPLAYED]: {
    'en-US': 'This shot was already fired. Nothing was charged again',
    'vi-VN': 'Phát bắn này đã được bắn rồi. Bạn không bị trừ tiền lần nữa',
  },
  [Code.LETTER_NOT_FOUND]: { 'en-US': 'This message does not exist', 'vi-VN': 'Thư này không tồn tại' },
  [Code.LETTER_REWARD_UNCLAIMED]: {
    'en-US': 'Claim the reward of this message before deleting it',
    'vi-VN': 'Vui lòng nhận thưởng của thư này trước khi xóa',
  },
  [Code.TASK_NOT_FOUND]: { 'en-US': 'This task does not exist', 'vi-VN': 'Nhiệm vụ này không tồn tại' },
  [Code.TASK_NOT_DONE]: {
    'en-US': 'Finish this task first to claim its reward',
    'vi-VN': 'Hãy hoàn thành nhiệm vụ này trước khi nhận thưởng',
  },
  [Code.SIGN_IN_DEPOSIT_REQUIRED]: {
    'en-US': 'Deposit at least {amount} today to sign in',
    'vi-VN': 'Nạp ít nhất {amount} hôm nay để điểm danh',
  },
  [Code.DAILY_DEPOSIT_NOT_REACHED]: {
    'en-US': 'Deposit {amount} more today to claim this bonus',
    'vi-VN': 'Nạp thêm {amount} hôm nay để nhận thưởng này',
  },
  [Code.RETURN_GIFT_NOT_ELIGIBLE]: {
    'en-US': 'The return gift pack is for players coming back after {days} days away',
    'vi-VN': 'Gói quà trở lại dành cho người chơi quay lại sau {days} ngày vắng mặt',
  },
  [Code.LETTER_REWARD_INVALID]: {
    'en-US': 'Unknown coupon in the attached rewards: {coupon}',
    'vi-VN': 'Phiếu thưởng không tồn tại trong phần thưởng đính kèm: {coupon}',
  },

  // --- end 603xx ---

  // --- operator tooling ---
  [Code.SCENARIO_UNKNOWN]: { 'en-US': 'No scenario has this name', 'vi-VN': 'Không có kịch bản nào có tên này' },
  [Code.SNAPSHOT_NOT_FOUND]: { 'en-US': 'No snapshot has this name', 'vi-VN': 'Không có bản chụp nào có tên này' },
  [Code.SNAPSHOT_INCOMPATIBLE]: {
    'en-US': 'This snapshot was saved with other migrations and cannot be restored',
    'vi-VN': 'Bản chụp này được lưu với các migration khác nên không thể khôi phục',
  },
  [Code.FAULT_NOT_FOUND]: { 'en-US': 'No active fault has this id', 'vi-VN': 'Không có lỗi giả lập nào có mã này' },
  [Code.FAULT_CODE_UNKNOWN]: {
    'en-US': 'This envelope code does not exist',
    'vi-VN': 'Mã phản hồi này không tồn tại',
  },
  [Code.SCENARIO_FAILED]: {
    'en-US': 'The scenario could not be built: {reason}',
    'vi-VN': 'Không thể dựng kịch bản: {reason}',
  },
  [Code.REQUEST_LOG_OFF]: {
    'en-US': 'The request log is off on this server (REQUEST_LOG=false)',
    'vi-VN': 'Nhật ký yêu cầu đang tắt trên máy chủ này (REQUEST_LOG=false)',
  },
  [Code.SNAPSHOT_FILE_INVALID]: {
    'en-US': 'This file is not a snapshot: upload a .db file downloaded from /ops/snapshots/:name/file',
    'vi-VN': 'Tệp này không phải bản chụp: hãy tải lên tệp .db đã tải về từ /ops/snapshots/:name/file',
  },
  [Code.SNAPSHOT_FILE_UNSUPPORTED]: {
    'en-US': 'Snapshot files are SQLite databases; this server runs on PostgreSQL (use pg_dump --schema=snap_<name>)',
    'vi-VN': 'Tệp bản chụp là cơ sở dữ liệu SQLite; máy chủ này chạy PostgreSQL (dùng pg_dump --schema=snap_<name>)',
  },
  [Code.SNAPSHOT_TOO_LARGE]: {
    'en-US': 'The snapshot file is larger than {mb} MB (SNAPSHOT_MAX_MB on the server)',
    'vi-VN': 'Tệp bản chụp lớn hơn {mb} MB (SNAPSHOT_MAX_MB trên máy chủ)',
  },
  [Code.STUB_NOT_FOUND]: { 'en-US': 'No active stub has this id', 'vi-VN': 'Không có phản hồi giả lập nào có mã này' },
  [Code.SNAPSHOT_FULL_FORBIDDEN]: {
    'en-US':
      'A full snapshot file (ID numbers, documents, phone numbers) is for the service account only; download it without full=true for a masked copy',
    'vi-VN':
      'Tệp bản chụp đầy đủ (số giấy tờ, ảnh giấy tờ, số điện thoại) chỉ dành cho tài khoản dịch vụ; tải về không có full=true để nhận bản đã che',
  },
  [Code.CALLBACK_NOT_ABANDONED]: {
    'en-US': 'The gateway has no callback of this order that it gave up on',
    'vi-VN': 'Cổng thanh toán không có lệnh gọi lại nào của đơn này đã bị bỏ cuộc',
  },
  [Code.REQUEST_COUNT_MISMATCH]: {
    'en-US': 'Expected {expected} matching request(s), the log has {count}',
    'vi-VN': 'Mong đợi {expected} yêu cầu khớp, nhật ký có {count}',
  },
  [Code.HAR_INVALID]: {
    'en-US': 'This is not a HAR file (HTTP Archive 1.2 with log.entries)',
    'vi-VN': 'Đây không phải tệp HAR (HTTP Archive 1.2 có log.entries)',
  },

  // --- end tooling ---
};

/** Field-rule messages of spec section 5 and other validation texts, in Vietnamese. */
const viFieldMessages: Record<string, string> = {
  [RuleMessage.format]: 'Định dạng không đúng',
  [RuleMessage.email]: 'Định dạng email không đúng',
  [RuleMessage.date]: 'Định dạng ngày không đúng',
  [RuleMessage.required]: 'Trường này là bắt buộc',
  [RuleMessage.passwordMismatch]: 'Mật khẩu không khớp',
  [RuleMessage.inconsistent]: 'Hai lần nhập mật khẩu không giống nhau!',
  'Please enter 6-13 alphanumeric without special character':
    'Vui lòng nhập 6-13 ký tự chữ và số, không có ký tự đặc biệt',
  'Please enter 6-12 alphanumeric without special character':
    'Vui lòng nhập 6-12 ký tự chữ và số, không có ký tự đặc biệt',
  'Please confirm you are 21 or older and accept the terms': 'Vui lòng xác nhận bạn đủ 21 tuổi và đồng ý điều khoản',
  'Unknown field': 'Trường không được hỗ trợ',
};

/**
 * A wait as a player reads it: whole minutes (rounded up) from a minute on, seconds below it.
 * `{wait}` in a message is filled from the `seconds` param this way.
 */
export function waitText(seconds: number, language: Language): string {
  const minutes = Math.ceil(seconds / 60);
  if (language === 'vi-VN') return seconds >= 60 ? `${minutes} phút` : `${seconds} giây`;
  if (seconds >= 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

const PERIOD_WORDS: Record<Language, Record<string, string>> = {
  'en-US': { day: 'daily', week: 'weekly', month: 'monthly' },
  'vi-VN': { day: 'theo ngày', week: 'theo tuần', month: 'theo tháng' },
};
const UNTIL_FURTHER_NOTICE: Record<Language, string> = {
  'en-US': 'further notice (permanent self-exclusion)',
  'vi-VN': 'khi có thông báo mới (tự loại trừ vĩnh viễn)',
};

/**
 * An instant as a player in Manila reads it, in the app's own format (client/src/lib/format.ts
 * formatDateTime, both through shared/time.ts manilaText): "11/27/2026, 02:00 PM" in en-US, "14:00 27/11/2026" in vi-VN.
 */
export const manilaDateTimeText = (iso: string, language: Language) => manilaText(iso, language);

/**
 * Params a player reads in their language: `period` (day, week, month) as a word, instants (`until`,
 * `resetsAt`: ISO strings) as Manila dates, `until` 'permanent' as "further notice".
 */
function localized(params: Record<string, string | number>, language: Language): Record<string, string | number> {
  const values = { ...params };
  if (typeof params.period === 'string') values.period = PERIOD_WORDS[language][params.period] ?? params.period;
  for (const key of ['until', 'resetsAt']) {
    const value = params[key];
    if (value === 'permanent') values[key] = UNTIL_FURTHER_NOTICE[language];
    else if (typeof value === 'string' && !Number.isNaN(Date.parse(value)))
      values[key] = manilaDateTimeText(value, language);
  }
  return values;
}

export function codeMessage(code: CodeValue, language: Language, params: Record<string, string | number> = {}): string {
  const text = codeMessages[code][language];
  const values: Record<string, string | number> =
    typeof params.seconds === 'number' ? { wait: waitText(params.seconds, language), ...params } : params;
  const shown = localized(values, language);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(shown[name] ?? `{${name}}`));
}

export function fieldMessage(message: string, language: Language): string {
  if (language === 'en-US') return message;
  return viFieldMessages[message] ?? message;
}

/** Messages of successful non-GET calls, shown as a green notice (spec section 8). */
export const successMessages = {
  registered: { 'en-US': 'Welcome! Your account is ready', 'vi-VN': 'Chào mừng! Tài khoản của bạn đã sẵn sàng' },
  loggedIn: { 'en-US': 'Login successful', 'vi-VN': 'Đăng nhập thành công' },
  loggedOut: {
    'en-US': 'You have logged out. Your login information is not deleted and the account can be used again',
    'vi-VN': 'Bạn đã đăng xuất. Thông tin đăng nhập không bị xóa và tài khoản vẫn có thể dùng lại',
  },
  smsSent: { 'en-US': 'Verification code sent', 'vi-VN': 'Đã gửi mã xác minh' },
  passwordChanged: { 'en-US': 'Password changed', 'vi-VN': 'Đã đổi mật khẩu' },
  passwordReset: {
    'en-US': 'Password reset. Please log in with the new password',
    'vi-VN': 'Đã đặt lại mật khẩu. Vui lòng đăng nhập bằng mật khẩu mới',
  },
  tradePasswordSet: { 'en-US': 'Transaction password set', 'vi-VN': 'Đã đặt mật khẩu giao dịch' },
  tradePasswordReset: {
    'en-US': 'Transaction password reset. Use the new one for your next withdrawal',
    'vi-VN': 'Đã đặt lại mật khẩu giao dịch. Hãy dùng mật khẩu mới cho lần rút tiền tiếp theo',
  },
  tradePasswordChanged: { 'en-US': 'Transaction password changed', 'vi-VN': 'Đã đổi mật khẩu giao dịch' },
  superiorBound: { 'en-US': 'Referrer bound', 'vi-VN': 'Đã liên kết người giới thiệu' },
  profileSaved: { 'en-US': 'Saved', 'vi-VN': 'Đã lưu' },
  walletBound: { 'en-US': 'Wallet bound successfully', 'vi-VN': 'Liên kết ví thành công' },
  depositBuilt: {
    'en-US': 'Success! please go to the deposit page (Recommend to use portrait screen).',
    'vi-VN': 'Thành công! Vui lòng chuyển đến trang nạp tiền (nên dùng màn hình dọc).',
  },
  kycSubmitted: {
    'en-US': 'Submitted. We will review your identity shortly',
    'vi-VN': 'Đã gửi. Chúng tôi sẽ sớm xét duyệt danh tính của bạn',
  },
  withdrawCreated: {
    'en-US': 'Withdrawal submitted. The amount is frozen until it is paid out',
    'vi-VN': 'Đã gửi yêu cầu rút tiền. Số tiền được tạm giữ cho đến khi chi trả',
  },
  gameCollected: { 'en-US': 'Added to favourites', 'vi-VN': 'Đã thêm vào yêu thích' },
  gameUncollected: { 'en-US': 'Removed from favourites', 'vi-VN': 'Đã xóa khỏi yêu thích' },
} satisfies Record<string, Text>;

export type SuccessMessage = keyof typeof successMessages;
