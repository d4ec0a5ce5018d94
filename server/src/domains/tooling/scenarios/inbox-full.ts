import type { Kit, Persona, Scenario } from './kit';
import { PASSWORD } from './kit';

type Services = Kit['app']['services'];
type Reward = Parameters<Services['inbox']['send']>[0]['rewards'][number];
/** What happens to a letter once it is in the inbox. */
type Fate = 'unread' | 'read' | 'claimed';

interface OperatorLetter {
  titleEn: string;
  titleVi: string;
  contentEn: string;
  contentVi: string;
  rewards?: Reward[];
  /** Sent to every player instead of luz00028 alone. */
  all?: true;
}

const notice = (titleEn: string, titleVi: string, contentEn: string, contentVi: string): OperatorLetter => ({
  titleEn,
  titleVi,
  contentEn,
  contentVi,
});
const gift = (titleEn: string, titleVi: string, rewards: Reward[], contentEn: string, contentVi: string) => ({
  titleEn,
  titleVi,
  contentEn,
  contentVi,
  rewards,
});

const cash = (amount: number): Reward => ({ type: 'cash', amount });
const points = (amount: number): Reward => ({ type: 'point', amount });
const reload = (): Reward => ({ type: 'coupon', amount: 1, coupon: 'RELOAD20' });

/**
 * The inbox's story, oldest first (letter ids grow with it, and the list shows the newest first):
 * days ago, what arrives, and what the player did with it.
 */
type Step = { daysAgo: number; deposit: number; fate: Fate } | { daysAgo: number; letter: OperatorLetter; fate: Fate };

const STORY: Step[] = [
  {
    daysAgo: 18,
    fate: 'read',
    letter: notice(
      'Scheduled maintenance',
      'Bảo trì định kỳ',
      'The site will be under maintenance on **Tuesday from 02:00 to 04:00** (Manila time). Deposits made during that time are credited afterwards.',
      'Hệ thống sẽ bảo trì vào **thứ Ba từ 02:00 đến 04:00** (giờ Manila). Các khoản nạp trong thời gian này sẽ được cộng sau khi bảo trì kết thúc.',
    ),
  },
  {
    daysAgo: 17,
    fate: 'claimed',
    letter: gift(
      'Welcome gift',
      'Quà chào mừng',
      [cash(50)],
      'Thank you for joining us. Here is **₱50.00** to start with.',
      'Cảm ơn bạn đã tham gia. Tặng bạn **₱50.00** để bắt đầu.',
    ),
  },
  { daysAgo: 16, deposit: 1000, fate: 'read' },
  {
    daysAgo: 15,
    fate: 'read',
    letter: notice(
      'New games this week',
      'Trò chơi mới trong tuần',
      'Five new slots arrived in the lobby. Look for the **NEW** tag.',
      'Năm trò slot mới đã có mặt ở sảnh. Hãy tìm nhãn **MỚI**.',
    ),
  },
  {
    daysAgo: 14,
    fate: 'claimed',
    letter: gift(
      'Weekend points',
      'Điểm thưởng cuối tuần',
      [points(200)],
      '**200 points** for the weekend: spend them in the points mall.',
      '**200 điểm** cho cuối tuần: hãy dùng chúng trong cửa hàng điểm.',
    ),
  },
  {
    daysAgo: 13,
    fate: 'read',
    letter: notice(
      'GCash maintenance',
      'GCash bảo trì',
      'GCash payments may be slow tonight from 23:00 to 01:00. Maya works as usual.',
      'Thanh toán GCash có thể chậm tối nay từ 23:00 đến 01:00. Maya vẫn hoạt động bình thường.',
    ),
  },
  {
    daysAgo: 12,
    fate: 'claimed',
    letter: gift(
      'Reload bonus',
      'Thưởng nạp lại',
      [reload()],
      'A **20% reload coupon** for your next deposit.',
      'Một **phiếu thưởng nạp lại 20%** cho lần nạp tiếp theo của bạn.',
    ),
  },
  { daysAgo: 11, deposit: 500, fate: 'unread' },
  {
    daysAgo: 10,
    fate: 'read',
    letter: {
      all: true,
      ...notice(
        'Holiday schedule',
        'Lịch nghỉ lễ',
        'Customer service is open **every day through the holidays**. Withdrawals are paid as usual.',
        'Bộ phận chăm sóc khách hàng làm việc **tất cả các ngày trong dịp lễ**. Việc rút tiền vẫn diễn ra bình thường.',
      ),
    },
  },
  {
    daysAgo: 9,
    fate: 'claimed',
    letter: gift(
      'Thank you for playing',
      'Cảm ơn bạn đã tham gia',
      [cash(25), points(100)],
      '**₱25.00** and **100 points**, with our thanks.',
      '**₱25.00** và **100 điểm**, thay lời cảm ơn của chúng tôi.',
    ),
  },
  {
    daysAgo: 8,
    fate: 'unread',
    letter: notice(
      'Play responsibly',
      'Chơi có trách nhiệm',
      'Set yourself a budget and take breaks. If gaming stops being fun, talk to our support team.',
      'Hãy đặt ngân sách cho bản thân và nghỉ ngơi hợp lý. Nếu trò chơi không còn vui, hãy liên hệ đội ngũ hỗ trợ.',
    ),
  },
  {
    daysAgo: 7,
    fate: 'unread',
    letter: gift(
      'Lucky week',
      'Tuần may mắn',
      [cash(100)],
      'Your lucky week starts now: **₱100.00** for you.',
      'Tuần may mắn của bạn bắt đầu: tặng bạn **₱100.00**.',
    ),
  },
  { daysAgo: 6, deposit: 2000, fate: 'read' },
  {
    daysAgo: 5,
    fate: 'unread',
    letter: notice(
      'Security reminder',
      'Nhắc nhở bảo mật',
      'We will **never** ask for your password or your SMS code. Do not share them with anyone.',
      'Chúng tôi sẽ **không bao giờ** hỏi mật khẩu hoặc mã SMS của bạn. Đừng chia sẻ chúng với bất kỳ ai.',
    ),
  },
  {
    daysAgo: 5,
    fate: 'read',
    letter: gift(
      'Another reload',
      'Thêm một lần nạp lại',
      [reload()],
      'One more **20% reload coupon**, valid on your next deposit.',
      'Thêm một **phiếu nạp lại 20%**, dùng cho lần nạp tiếp theo.',
    ),
  },
  {
    daysAgo: 4,
    fate: 'read',
    letter: notice(
      'Weekly tournament results',
      'Kết quả giải đấu tuần',
      'The weekly slot tournament is over. Congratulations to the winners!',
      'Giải đấu slot hằng tuần đã kết thúc. Chúc mừng những người chiến thắng!',
    ),
  },
  {
    daysAgo: 4,
    fate: 'unread',
    letter: gift(
      'Tournament prize',
      'Giải thưởng giải đấu',
      [points(500)],
      'You finished in the top 50: **500 points**.',
      'Bạn đã lọt vào top 50: **500 điểm**.',
    ),
  },
  { daysAgo: 3, deposit: 500, fate: 'read' },
  {
    daysAgo: 3,
    fate: 'unread',
    letter: notice(
      'Deposit with Maya',
      'Nạp tiền bằng Maya',
      'Maya is now available for deposits and withdrawals.',
      'Giờ đây bạn có thể nạp và rút tiền bằng Maya.',
    ),
  },
  {
    daysAgo: 2,
    fate: 'unread',
    letter: gift(
      'Sorry for the downtime',
      'Xin lỗi vì sự gián đoạn',
      [cash(10.5), points(50)],
      'Some games were unavailable yesterday. Please accept **₱10.50** and **50 points**.',
      'Một số trò chơi đã không truy cập được hôm qua. Xin nhận **₱10.50** và **50 điểm**.',
    ),
  },
  {
    daysAgo: 2,
    fate: 'unread',
    letter: notice(
      'App update',
      'Cập nhật ứng dụng',
      'A new version of the app is out: faster lobby and dark mode.',
      'Phiên bản mới của ứng dụng đã ra mắt: sảnh nhanh hơn và chế độ tối.',
    ),
  },
  {
    daysAgo: 1,
    fate: 'unread',
    letter: gift(
      'A gift for you',
      'Món quà dành cho bạn',
      [cash(200)],
      'Happy birthday month! **₱200.00** from the VIP team.',
      'Chúc mừng tháng sinh nhật! **₱200.00** từ đội ngũ VIP.',
    ),
  },
  {
    daysAgo: 1,
    fate: 'unread',
    letter: notice(
      'Points mall sale',
      'Khuyến mãi cửa hàng điểm',
      'Everything in the points mall costs less until Sunday.',
      'Mọi món trong cửa hàng điểm đều giảm giá đến hết Chủ nhật.',
    ),
  },
  { daysAgo: 0, deposit: 1000, fate: 'unread' },
  {
    daysAgo: 0,
    fate: 'unread',
    letter: gift(
      "Today's bundle",
      'Gói quà hôm nay',
      [cash(20), reload(), points(30)],
      '**₱20.00**, a reload coupon and **30 points**: all in one letter.',
      '**₱20.00**, một phiếu nạp lại và **30 điểm**: tất cả trong một thư.',
    ),
  },
  {
    daysAgo: 0,
    fate: 'unread',
    letter: notice(
      'Double points tonight',
      'Nhân đôi điểm tối nay',
      'Tasks pay **double points** tonight from 20:00 to 23:00.',
      'Nhiệm vụ được **nhân đôi điểm** tối nay từ 20:00 đến 23:00.',
    ),
  },
];

export const inboxFull: Scenario = {
  name: 'inbox-full',
  version: 1,
  title: 'An inbox with every kind of letter',
  description:
    'luz00028 has 28 letters over 20 days (two pages of 20): 7 system letters (welcome, identity verified, 5 deposits credited), 11 notices (one sent to everyone) and 10 reward letters: 4 claimed (cash, points, a coupon, cash and points), 6 waiting with cash, coupons and points (one of them read but not claimed). 13 letters are unread. ana00028 registered at the same time and has only the welcome letter and the notice to everyone.',
  personas: [
    {
      username: 'luz00028',
      password: PASSWORD,
      role: '28 letters, 13 unread, 6 with rewards to claim (cash, coupon, points)',
    },
    { username: 'ana00028', password: PASSWORD, role: 'the welcome letter and the notice to everyone, both unread' },
  ],
  tryThis: [
    'Inbox: tabs System (2 unread), Notices (6 unread), Rewards (5 unread); scroll for the second page',
    'Claim "Today\'s bundle": ₱20.00, a RELOAD20 coupon and 30 points in one go; a second claim answers 60001',
    'Delete a reward letter not claimed yet: refused with 60302; "Delete all read" removes the read letters without a waiting reward',
    'Read a letter: the inbox.unread badge goes down on the socket; switch the language to Vietnamese: every letter is in both',
    'npm run ops -- get /ops/letters: the operator sends with their read and claim counts',
  ],
  async build(kit) {
    const s = kit.app.services;
    let luz!: Persona;
    await kit.past(20 * kit.DAY_MS, async () => {
      luz = await kit.player({ username: 'luz00028', phone: '9170000028' });
      await kit.player({ username: 'ana00028', phone: '9170000029' });
    });
    const latest = async () => (await s.inbox.list(luz.userId, 'en-US', { page: 1, size: 1 })).list[0]?.id ?? 0;
    const welcome = await latest();
    await kit.past(19 * kit.DAY_MS, async () => {
      await s.inbox.read(luz.userId, welcome);
      await kit.verify(luz);
      await s.inbox.read(luz.userId, await latest());
    });

    for (const [i, step] of STORY.entries()) {
      // Letters of one day arrive an hour apart, in story order; today's ones before now.
      const sameDay = STORY.filter((o, j) => j > i && o.daysAgo === step.daysAgo).length;
      await kit.past(step.daysAgo * kit.DAY_MS + (sameDay + 1) * 3_600_000, async () => {
        if ('deposit' in step) await kit.deposit(luz, step.deposit);
        else {
          const { all, ...letter } = step.letter;
          await s.inbox.send({ userId: all ? null : luz.userId, ...letter, rewards: letter.rewards ?? [] });
        }
        const id = await latest();
        if (step.fate === 'read') await s.inbox.read(luz.userId, id);
        if (step.fate === 'claimed') await s.inbox.claim(luz.userId, id);
      });
    }
  },
};
