/** The fishing page's labels, both languages (every key in each). */
export const EN = {
  fsTap: 'Tap the pond to fire at a fish',
  fsCaught: 'Caught! {fish} ×{x} · {amount}',
  fsMissed: 'The {fish} got away',
  fsSplash: 'Only water there: no shot, nothing charged',
  fsLevel: 'Cannon',
  fsPlayers: '{n} at the pond',
  fsAlone: 'Only you at the pond',
  fsWave: 'Wave {n}',
  fsYou: 'You',
  fsBoss: 'Boss',
  fsTheirCatch: '{name} caught a {fish} · {amount}',
  fsRule1:
    'Choose your cannon level, then tap the pond: the bullet flies to your tap. If it reaches a fish, that is one shot, one round at your level.',
  fsRule2:
    'A fish worth ×{x} is caught with a chance of RTP ÷ {x} and then pays your level times {x}. Bigger fish pay more and are caught less often.',
  fsRule3:
    'The pond is the same for every player: a new wave every {s} seconds, schools of small fish, now and then a big fish or the boss. A bullet that hits only water costs nothing; a fish that left before your shot arrived is not charged.',
  fsRule4: 'One bullet flies at a time: the next fires once the last is settled.',
  fsPays: 'Fish and multipliers',
  fsChance: 'chance {p}%',
};

export const VI: Record<keyof typeof EN, string> = {
  fsTap: 'Chạm vào hồ để bắn cá',
  fsCaught: 'Bắt được! {fish} ×{x} · {amount}',
  fsMissed: '{fish} đã thoát',
  fsSplash: 'Chỉ trúng nước: không tính phát bắn, không trừ tiền',
  fsLevel: 'Pháo',
  fsPlayers: '{n} người ở hồ',
  fsAlone: 'Chỉ có bạn ở hồ',
  fsWave: 'Đợt {n}',
  fsYou: 'Bạn',
  fsBoss: 'Trùm',
  fsTheirCatch: '{name} bắt được {fish} · {amount}',
  fsRule1:
    'Chọn mức pháo rồi chạm vào hồ: viên đạn bay tới chỗ bạn chạm. Nếu trúng một con cá, đó là một phát bắn, một ván với mức pháo của bạn.',
  fsRule2:
    'Cá có hệ số ×{x} bị bắt với xác suất RTP ÷ {x} và khi đó trả mức pháo nhân {x}. Cá càng lớn trả càng nhiều và càng khó bắt.',
  fsRule3:
    'Hồ cá giống nhau cho mọi người chơi: cứ {s} giây có một đợt cá mới, các đàn cá nhỏ, thỉnh thoảng có cá lớn hoặc cá trùm. Đạn chỉ trúng nước thì không mất tiền; cá đã bơi đi trước khi đạn tới thì không bị trừ tiền.',
  fsRule4: 'Mỗi lần chỉ một viên đạn bay: viên tiếp theo bắn khi viên trước đã được tính xong.',
  fsPays: 'Các loại cá và hệ số',
  fsChance: 'xác suất {p}%',
};
