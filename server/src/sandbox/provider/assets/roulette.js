/* European roulette: the number grid and outside bets from Game.rules.bets (see games/roulette.ts). */
(() => {
  const s = document.createElement('script');
  s.src = `/provider/assets/tablekit.js?${document.currentScript?.src.split('?')[1] || ''}`;
  s.onload = () => start(window.Game, window.TableKit);
  if (window.Game) document.head.append(s);

  function start(G, K) {
    const { el, t } = G;
    G.addStrings(
      {
        spin: 'Spin',
        red: 'Red',
        black: 'Black',
        odd: 'Odd',
        even: 'Even',
        low: '1–18',
        high: '19–36',
        dozen: '{n}st 12',
        column: 'Col {n}',
        straight: 'Straight (one number)',
        split: 'Split (two)',
        street: 'Street (three)',
        corner: 'Corner (four)',
        line: 'Six line',
        dozens: 'Dozen',
        columns: 'Column',
        redBlack: 'Red / Black',
        oddEven: 'Odd / Even',
        lowHigh: '1–18 / 19–36',
        r1: 'European wheel: 37 pockets, 0 to 36, one zero.',
        r2: 'Tap a chip, then numbers or outside bets; every bet pays 36 / (numbers covered) − 1 to 1.',
        r3: 'Zero is green: outside bets lose on it. Every bet returns 97.30%.',
      },
      {
        spin: 'Quay',
        red: 'Đỏ',
        black: 'Đen',
        odd: 'Lẻ',
        even: 'Chẵn',
        low: '1–18',
        high: '19–36',
        dozen: 'Tá {n}',
        column: 'Cột {n}',
        straight: 'Một số',
        split: 'Hai số',
        street: 'Ba số',
        corner: 'Bốn số',
        line: 'Sáu số',
        dozens: 'Tá',
        columns: 'Cột',
        redBlack: 'Đỏ / Đen',
        oddEven: 'Lẻ / Chẵn',
        lowHigh: '1–18 / 19–36',
        r1: 'Vòng quay châu Âu: 37 ô, từ 0 đến 36, một số 0.',
        r2: 'Chọn phỉnh, rồi chạm số hoặc cửa ngoài; mỗi cửa trả 36 / (số ô) − 1 ăn 1.',
        r3: 'Số 0 màu xanh: cửa ngoài thua khi ra 0. Mọi cửa hoàn trả 97,30%.',
      },
    );
    const red = G.rules?.red || [];
    const color = (n) => (n === 0 ? 'green' : red.includes(n) ? 'red' : 'black');
    const ball = el('div', { class: 'tk-ball green', text: '0' });
    const board = el('div', { class: 'tk-roulette' }, ball);
    const rows = [[{ bet: 'straight-0', label: '0', className: 'tk-num green', noPays: true }]];
    for (let r = 0; r < 12; r++)
      rows.push(
        [1, 2, 3].map((c) => {
          const n = r * 3 + c;
          return { bet: 'straight-' + n, label: String(n), className: 'tk-num ' + color(n), noPays: true };
        }),
      );
    rows.push([1, 2, 3].map((n) => ({ bet: 'column-' + n, label: t('column', { n }) })));
    rows.push([1, 2, 3].map((n) => ({ bet: 'dozen-' + n, label: ['1–12', '13–24', '25–36'][n - 1] })));
    rows.push(['low', 'even', 'red'].map((b) => ({ bet: b, label: t(b), className: b === 'red' ? 'tk-red' : '' })));
    rows.push(
      ['black', 'odd', 'high'].map((b) => ({ bet: b, label: t(b), className: b === 'black' ? 'tk-black' : '' })),
    );
    K.chipTable({
      action: 'spin',
      spots: rows,
      paytable: [
        { bet: 'straight-17', label: t('straight') },
        { bet: 'split-17-20', label: t('split') },
        { bet: 'street-16', label: t('street') },
        { bet: 'corner-17', label: t('corner') },
        { bet: 'line-16', label: t('line') },
        { bet: 'dozen-2', label: t('dozens') },
        { bet: 'column-2', label: t('columns') },
        { bet: 'red', label: t('redBlack') },
        { bet: 'odd', label: t('oddEven') },
        { bet: 'low', label: t('lowHigh') },
      ],
      stage: () => board,
      clear() {},
      async play(o) {
        const wheel = G.rules?.wheel || [o.number];
        if (!G.reducedMotion()) {
          const at = wheel.indexOf(o.number);
          const steps = 30;
          for (let i = steps; i > 0; i--) {
            const n = wheel[(at - i + wheel.length * 4) % wheel.length];
            ball.textContent = String(n);
            ball.className = 'tk-ball ' + color(n);
            if (i % 3 === 0) G.sound.play('tick');
            await G.wait(G.ms(40 + (steps - i) * 6));
          }
        }
        ball.textContent = String(o.number);
        ball.className = 'tk-ball ' + color(o.number) + ' done';
      },
      history: (o) => String(o.number),
      historyClass: (o) => 'tk-' + color(o.number),
      rules: ['r1', 'r2', 'r3'],
    });
  }
})();
