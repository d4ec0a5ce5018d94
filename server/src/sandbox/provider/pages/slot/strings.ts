/** The slot page's labels, in both languages. */
import type { GameKit } from '../kit/game';

export function addSlotStrings(G: GameKit) {
  G.addStrings(
    {
      spin: 'Spin',
      noWin: 'No win — try again',
      goodLuck: 'Good luck!',
      linesInfo: '{n} lines',
      waysInfo: '{n} ways',
      lineWin: 'Line {line} · {count}× {symbol} · {amount}',
      waysWin: '{count}× {symbol} · {ways} ways · {amount}',
      scatterWin: '{count} scatters · {amount}',
      freeSpinsWon: '{n} FREE SPINS · ×{m}',
      freeSpin: 'Free spin {i} of {n}',
      bonusPick: 'BONUS! Pick {n}',
      bonusWheel: 'BONUS WHEEL',
      bonusPrize: 'Bonus · {amount}',
      totalWin: 'Total win',
      bigWin: 'BIG WIN',
      paytable: 'Paytable',
      paysFor: 'Pays for your bet of {stake}.',
      ruleLines:
        'Your bet is split evenly over {n} fixed lines. A line pays 3 or more matching symbols in a row from the leftmost reel.',
      ruleWays:
        'Every left-to-right path of adjacent reels pays ({n} ways): 3 or more matching symbols from the leftmost reel, multiplied by the number of ways.',
      ruleWild: 'WILD stands in for every symbol except scatters and bonus symbols.',
      ruleScatter:
        'Scatters pay anywhere on the screen (times your total bet) and {counts} scatters give free spins; every free-spin win is multiplied by ×{m}. Free spins are played automatically within the same round.',
      rulePick: '{n} bonus symbols anywhere open the bonus: {picks} picks, each a prize of {prizes} × your bet.',
      ruleWheel: '{n} bonus symbols anywhere spin the bonus wheel: a prize of {prizes} × your bet.',
      tapBox: 'Tap a box',
      autoPick: 'Opening by themselves in {s} s',
      reels: 'Reels',
      lines: 'Lines',
      ways: 'Ways',
    },
    {
      spin: 'Quay',
      noWin: 'Chưa trúng — thử lại nhé',
      goodLuck: 'Chúc may mắn!',
      linesInfo: '{n} dòng',
      waysInfo: '{n} cách thắng',
      lineWin: 'Dòng {line} · {count}× {symbol} · {amount}',
      waysWin: '{count}× {symbol} · {ways} cách · {amount}',
      scatterWin: '{count} biểu tượng phân tán · {amount}',
      freeSpinsWon: '{n} LƯỢT QUAY MIỄN PHÍ · ×{m}',
      freeSpin: 'Lượt miễn phí {i}/{n}',
      bonusPick: 'THƯỞNG! Chọn {n}',
      bonusWheel: 'VÒNG QUAY THƯỞNG',
      bonusPrize: 'Thưởng · {amount}',
      totalWin: 'Tổng thắng',
      bigWin: 'THẮNG LỚN',
      paytable: 'Bảng trả thưởng',
      paysFor: 'Tiền thưởng cho mức cược {stake}.',
      ruleLines:
        'Tiền cược được chia đều cho {n} dòng cố định. Một dòng thắng khi có từ 3 biểu tượng giống nhau liên tiếp từ cuộn ngoài cùng bên trái.',
      ruleWays:
        'Mọi đường đi qua các cuộn liền kề từ trái sang phải đều được trả ({n} cách): từ 3 biểu tượng giống nhau tính từ cuộn trái nhất, nhân với số cách.',
      ruleWild: 'WILD thay thế mọi biểu tượng trừ biểu tượng phân tán và biểu tượng thưởng.',
      ruleScatter:
        'Biểu tượng phân tán trả thưởng ở bất kỳ vị trí nào (nhân với tổng cược) và {counts} biểu tượng cho lượt quay miễn phí; mọi tiền thắng khi quay miễn phí được nhân ×{m}. Lượt quay miễn phí tự động chơi trong cùng ván.',
      rulePick:
        '{n} biểu tượng thưởng ở bất kỳ đâu mở vòng thưởng: {picks} lần chọn, mỗi lần một giải {prizes} × tiền cược.',
      ruleWheel: '{n} biểu tượng thưởng ở bất kỳ đâu quay vòng quay thưởng: một giải {prizes} × tiền cược.',
      tapBox: 'Chạm vào một hộp',
      autoPick: 'Tự mở sau {s} giây',
      reels: 'Các cuộn',
      lines: 'Dòng',
      ways: 'Cách thắng',
    },
  );
}
