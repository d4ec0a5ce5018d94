/*
 * The slot studio's symbol art: every symbol of every configuration in SLOT_CONFIGS (games/slot.ts) drawn as
 * a small vector picture in a 100x100 box — fruit, lanterns, koi, jade, a dragon's head, a jeepney, a
 * carabao, mahjong tiles drawn stroke by stroke (no CJK font needed) — in the colour the config gives the
 * symbol. Wilds, scatters and bonus symbols carry a ribbon (WILD / FREE / BONUS) so they read the same in
 * every set; card ranks are letters drawn in the config's colours. No external font, no images: the page
 * stays one request per script. The slot page calls svg(configKey, symbol); slot-art.test.ts checks every
 * symbol of every configuration.
 */
import type { SlotSymbol, SymbolKind } from '../../games/slot';

/** A motif: the symbol's colour to the inner markup of its 100x100 svg. */
type Motif = (c: string) => string;

const INK = '#23160f';
const ln = (w = 3) => `stroke="${INK}" stroke-width="${w}" stroke-linejoin="round" stroke-linecap="round"`;
const O = ln();
/** Lighter (k > 0) or darker (k < 0) shade of a #rrggbb colour. */
const shade = (hex: string, k: number) => {
  const n = Number.parseInt(String(hex).replace('#', '').padEnd(6, '0').slice(0, 6), 16);
  const ch = (v: number) => Math.round(k > 0 ? v + (255 - v) * k : v * (1 + k));
  const [r, g, b] = [ch((n >> 16) & 255), ch((n >> 8) & 255), ch(n & 255)];
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
};
const shine = (cx: number, cy: number, rx: number, ry: number, a = -30) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#fff" opacity=".45" transform="rotate(${a} ${cx} ${cy})"/>`;
const star = (cx: number, cy: number, R: number, r: number, n = 5) => {
  let d = '';
  for (let i = 0; i < n * 2; i++) {
    const a = (Math.PI * i) / n - Math.PI / 2;
    const m = i % 2 ? r : R;
    d += `${i ? 'L' : 'M'}${(cx + m * Math.cos(a)).toFixed(1)} ${(cy + m * Math.sin(a)).toFixed(1)}`;
  }
  return `${d}Z`;
};
const leaf = (x: number, y: number, a: number, c = '#3f9b3a') =>
  `<path d="M0 0C6-10 20-12 26-6C20 2 8 6 0 0Z" fill="${c}" ${ln(2)} transform="translate(${x} ${y}) rotate(${a})"/>`;
const ring = (n: number, cx: number, cy: number, r: number, f: (x: number, y: number, a: number) => string) =>
  Array.from({ length: n }, (_, i) =>
    f(
      cx + r * Math.cos((2 * Math.PI * i) / n - Math.PI / 2),
      cy + r * Math.sin((2 * Math.PI * i) / n - Math.PI / 2),
      (360 * i) / n,
    ),
  ).join('');
const eye = (x: number, y: number, r = 4) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${INK}"/><circle cx="${x + r / 3}" cy="${y - r / 3}" r="${r / 3}" fill="#fff"/>`;

/* ---------- motifs: (colour) => svg ---------- */
const M: Record<string, Motif> = {
  seven: (c) =>
    `<path d="M22 16h58l-2 14C64 44 56 62 54 86H30c2-22 12-40 28-54H22Z" fill="${c}" ${ln(4)}/><path d="M28 22h40" stroke="#fff" stroke-width="4" opacity=".5" stroke-linecap="round"/>`,
  bar: (c) =>
    `<rect x="8" y="30" width="84" height="40" rx="8" fill="${c}" ${ln(4)}/><rect x="14" y="36" width="72" height="28" rx="5" fill="${INK}"/><text x="50" y="51" dominant-baseline="central" text-anchor="middle" font-size="24" font-weight="900" fill="${shade(c, 0.6)}">BAR</text>`,
  bar3: (c) =>
    [12, 40, 68]
      .map(
        (y) =>
          `<rect x="10" y="${y}" width="80" height="22" rx="6" fill="${c}" ${ln(3)}/><rect x="18" y="${y + 7}" width="64" height="8" rx="3" fill="${INK}" opacity=".6"/>`,
      )
      .join(''),
  diamond: (c) =>
    `<path d="M20 36 36 16h28l16 20-30 50Z" fill="${c}" ${ln(3)}/><path d="M20 36h60M36 16l8 20 6 50M64 16l-8 20-6 50M44 36l6-20 6 20" fill="none" stroke="${shade(c, -0.4)}" stroke-width="2"/><path d="M36 16l8 20H20Z" fill="#fff" opacity=".45"/>`,
  bell: (c) =>
    `<circle cx="50" cy="14" r="6" fill="${shade(c, -0.2)}" ${O}/><path d="M50 18c-18 0-26 14-26 32v14l-10 12h72L76 64V50c0-18-8-32-26-32Z" fill="${c}" ${ln(3)}/><circle cx="50" cy="82" r="8" fill="${shade(c, -0.3)}" ${O}/>${shine(38, 40, 5, 14, 15)}`,
  cherry: (c) =>
    `<path d="M32 60C38 40 50 26 64 14M68 62C64 44 64 28 64 14" fill="none" stroke="#3d6b2a" stroke-width="4" stroke-linecap="round"/>${leaf(64, 14, -20)}<circle cx="32" cy="70" r="17" fill="${c}" ${O}/><circle cx="68" cy="72" r="17" fill="${c}" ${O}/>${shine(26, 64, 4, 7)}${shine(62, 66, 4, 7)}`,
  lemon: (c) =>
    `<path d="M10 52C14 30 34 20 52 22c18 2 34 14 38 30-6 22-28 32-46 30C26 80 12 70 10 52Z" fill="${c}" ${ln(3)}/><path d="M6 52l6-2M90 50l4-2" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>${shine(38, 38, 14, 6, -10)}`,
  orange: (c) =>
    `<circle cx="50" cy="54" r="34" fill="${c}" ${ln(3)}/>${leaf(50, 22, -30)}<circle cx="50" cy="22" r="3" fill="#5a3b12"/>${shine(36, 40, 6, 10)}<g fill="${shade(c, -0.25)}"><circle cx="62" cy="62" r="1.6"/><circle cx="56" cy="72" r="1.6"/><circle cx="68" cy="52" r="1.6"/></g>`,
  plum: (c) =>
    `<path d="M50 20C26 20 14 42 18 62c4 18 20 26 32 24 12 2 28-6 32-24 4-20-8-42-32-42Z" fill="${c}" ${ln(3)}/><path d="M50 22c-6 20-4 44 0 62" fill="none" stroke="${shade(c, -0.35)}" stroke-width="3"/>${leaf(50, 20, -50)}${shine(34, 42, 5, 12)}`,
  grapes: (c) =>
    `<path d="M50 20V8" stroke="#5a3b12" stroke-width="5" stroke-linecap="round"/>${leaf(52, 14, -10)}${(
      [
        [32, 30],
        [50, 30],
        [68, 30],
        [41, 46],
        [59, 46],
        [32, 62],
        [50, 62],
        [68, 62],
        [41, 78],
        [59, 78],
      ] as const
    )
      .map(
        ([x, y]) =>
          `<circle cx="${x}" cy="${y}" r="10" fill="${c}" ${ln(2.5)}/><circle cx="${x - 3}" cy="${y - 3}" r="2.5" fill="#fff" opacity=".5"/>`,
      )
      .join('')}`,
  watermelon: (c) =>
    `<path d="M6 36a44 44 0 0 0 88 0Z" fill="${c}" ${ln(3)}/><path d="M14 36a36 36 0 0 0 72 0Z" fill="#f4f1de"/><path d="M18 36a32 32 0 0 0 64 0Z" fill="#e63946"/><g fill="${INK}">${(
      [
        [34, 46],
        [50, 52],
        [66, 46],
        [42, 60],
        [58, 60],
      ] as const
    )
      .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="2.4" ry="4"/>`)
      .join('')}</g>`,
  lantern: (c) =>
    `<path d="M50 4v10" stroke="${INK}" stroke-width="3"/><rect x="36" y="12" width="28" height="9" rx="3" fill="#f2c14e" ${ln(2.5)}/><ellipse cx="50" cy="48" rx="34" ry="29" fill="${c}" ${ln(3)}/><path d="M50 19v58M33 23c-8 14-8 36 0 50M67 23c8 14 8 36 0 50" fill="none" stroke="${shade(c, -0.35)}" stroke-width="2.5"/><rect x="36" y="74" width="28" height="9" rx="3" fill="#f2c14e" ${ln(2.5)}/><path d="M44 84l-2 12M50 84v13M56 84l2 12" stroke="#f2c14e" stroke-width="3" stroke-linecap="round"/>${shine(32, 38, 5, 12, 10)}`,
  flags: (c) =>
    `<path d="M4 20Q50 42 96 20" fill="none" stroke="${INK}" stroke-width="3"/>${(
      [
        [12, '#f72585'],
        [32, '#ffd60a'],
        [52, '#4cc9f0'],
        [72, '#06d6a0'],
      ] as const
    )
      .map(([x, col], i) => {
        const y = 24 + [3, 8, 8, 3][i]!;
        return `<path d="M${x} ${y}h18l-9 30Z" fill="${i === 0 ? c : col}" ${ln(2.5)}/>`;
      })
      .join('')}<path d="${star(50, 66, 16, 7)}" fill="${c}" ${ln(2.5)}/>`,
  parol: (c) =>
    `<path d="M38 72l-8 24M50 76v22M62 72l8 24" stroke="${shade(c, -0.2)}" stroke-width="4" stroke-linecap="round"/><path d="${star(50, 44, 42, 18)}" fill="${c}" ${ln(3)}/><circle cx="50" cy="45" r="13" fill="#fff" ${ln(2)}/><path d="${star(50, 45, 9, 4)}" fill="#f72585"/>`,
  pinata: (c) =>
    `${ring(6, 50, 50, 28, (x, y, a) => `<path d="M-9 0L0-22 9 0Z" fill="${['#ffd60a', '#f72585', '#06d6a0'][Math.round(a / 60) % 3]}" ${ln(2.5)} transform="translate(${x} ${y}) rotate(${a})"/>`)}<circle cx="50" cy="50" r="22" fill="${c}" ${ln(3)}/><path d="M30 44h40M28 52h44M30 60h40" stroke="#fff" stroke-width="3" opacity=".7"/>`,
  lechon: (c) =>
    `<path d="M2 58h96" stroke="#6b4226" stroke-width="5" stroke-linecap="round"/><ellipse cx="46" cy="56" rx="34" ry="22" fill="${c}" ${ln(3)}/><circle cx="78" cy="50" r="15" fill="${c}" ${ln(3)}/><path d="M76 36l4-10 6 12" fill="${shade(c, -0.2)}" ${ln(2.5)}/><circle cx="90" cy="56" r="7" fill="#d62828" ${ln(2)}/>${eye(80, 46, 2.5)}<path d="M22 44c8-6 30-8 44 0" fill="none" stroke="#fff" stroke-width="3" opacity=".45"/>`,
  drum: (c) =>
    `<path d="M18 30v40c0 8 14 14 32 14s32-6 32-14V30" fill="${c}" ${ln(3)}/><path d="M18 34l10 44M38 36l6 46M58 36l-4 46M78 34l-8 44M28 36l10 44M48 36l2 46M68 36l-6 44" stroke="#fff" stroke-width="2" opacity=".7"/><ellipse cx="50" cy="30" rx="32" ry="12" fill="#f4e3c1" ${ln(3)}/><path d="M70 8l-14 20M86 14L66 26" stroke="#6b4226" stroke-width="4" stroke-linecap="round"/>`,
  guitar: (c) =>
    `<path d="M58 42l30-30" stroke="#6b4226" stroke-width="8" stroke-linecap="round"/><path d="M84 8l8 8" stroke="${INK}" stroke-width="6"/><path d="M44 32c-10-6-24-2-28 10-3 8 2 14 0 20-4 8-8 16-2 24s18 6 24 0c6-4 12-8 20-4 8 2 16-4 16-14 0-10-6-14-12-16-6-2-10-14-18-20Z" fill="${c}" ${ln(3)}/><circle cx="44" cy="58" r="7" fill="${INK}"/><path d="M28 74l10-10M36 70l28-28" stroke="#fff" stroke-width="1.5"/>`,
  salakot: (c) =>
    `<path d="M6 66Q50 4 94 66Q50 82 6 66Z" fill="${c}" ${ln(3)}/><path d="M50 22L26 70M50 22L74 70M50 22v54M50 22L14 64M50 22L86 64" stroke="${shade(c, -0.35)}" stroke-width="2"/><circle cx="50" cy="20" r="6" fill="${shade(c, -0.2)}" ${ln(2.5)}/>`,
  jeepney: (c) =>
    `<path d="M6 70V44c0-8 6-14 14-14h52l10 16h8c4 0 6 4 6 8v16Z" fill="${c}" ${ln(3)}/><rect x="14" y="36" width="14" height="12" rx="2" fill="#bde0fe" ${ln(2)}/><rect x="32" y="36" width="14" height="12" rx="2" fill="#bde0fe" ${ln(2)}/><rect x="50" y="36" width="16" height="12" rx="2" fill="#bde0fe" ${ln(2)}/><path d="M8 56h84" stroke="#ffd166" stroke-width="4"/><path d="M8 62h84" stroke="#118ab2" stroke-width="3"/><path d="M84 30l4-10 4 10" fill="#ced4da" ${ln(2)}/><circle cx="26" cy="72" r="10" fill="#333" ${ln(3)}/><circle cx="74" cy="72" r="10" fill="#333" ${ln(3)}/><circle cx="26" cy="72" r="4" fill="#ced4da"/><circle cx="74" cy="72" r="4" fill="#ced4da"/>`,
  sign: (c) =>
    `<path d="M50 60v36" stroke="${INK}" stroke-width="5"/><rect x="10" y="14" width="80" height="48" rx="8" fill="${c}" ${ln(3)}/><rect x="18" y="22" width="64" height="10" rx="3" fill="#fff"/><path d="M22 42h56M22 52h36" stroke="${INK}" stroke-width="5" stroke-linecap="round"/><path d="M66 52h12l-4-4M78 52l-4 4" fill="none" stroke="${INK}" stroke-width="3" stroke-linecap="round"/>`,
  horse: (c) =>
    `<path d="M28 92l4-30c-8-8-10-22-2-34l6-18 8 12c16-2 32 10 38 26l4 12c-4 8-14 8-18 2l-10-6c0 14 4 26 8 36Z" fill="${c}" ${ln(3)}/><path d="M40 12c-10 8-14 22-14 34M46 22c-6 6-8 14-8 22" fill="none" stroke="${shade(c, -0.4)}" stroke-width="3"/>${eye(58, 40, 3)}${shine(52, 30, 4, 10, 60)}`,
  horn: (c) =>
    `<path d="M10 44l50-18v48L10 56Z" fill="${c}" ${ln(3)}/><ellipse cx="62" cy="50" rx="10" ry="26" fill="${shade(c, 0.3)}" ${ln(3)}/><circle cx="20" cy="50" r="10" fill="#333" ${ln(3)}/><path d="M74 36l14-8M76 50h16M74 64l14 8" stroke="${c}" stroke-width="4" stroke-linecap="round"/>`,
  mirror: (c) =>
    `<path d="M50 70l-6 26" stroke="#adb5bd" stroke-width="6" stroke-linecap="round"/><ellipse cx="50" cy="42" rx="38" ry="28" fill="#ced4da" ${ln(3)}/><ellipse cx="50" cy="42" rx="31" ry="21" fill="${c}"/><path d="M30 50l16-20M42 56l22-26" stroke="#fff" stroke-width="4" opacity=".6" stroke-linecap="round"/>`,
  coins: (c) =>
    `${[74, 62, 50]
      .map(
        (y) =>
          `<ellipse cx="40" cy="${y}" rx="26" ry="10" fill="${shade(c, -0.15)}" ${ln(2.5)}/><path d="M14 ${y}v6c0 6 12 10 26 10s26-4 26-10v-6" fill="${shade(c, -0.3)}" ${ln(2.5)}/>`,
      )
      .join(
        '',
      )}<circle cx="64" cy="36" r="26" fill="${c}" ${ln(3)}/><circle cx="64" cy="36" r="19" fill="none" stroke="${shade(c, -0.35)}" stroke-width="2.5"/><path d="M58 50V22h8a8 8 0 0 1 0 16h-8M52 28h22M52 33h22" fill="none" stroke="${shade(c, -0.5)}" stroke-width="4" stroke-linejoin="round"/>`,
  sampaguita: (c) =>
    `${ring(8, 50, 48, 0, (_x, _y, a) => `<ellipse cx="50" cy="26" rx="9" ry="18" fill="${c}" ${ln(2.5)} transform="rotate(${a} 50 48)"/>`)}<circle cx="50" cy="48" r="10" fill="#ffd166" ${ln(2.5)}/>${leaf(62, 84, -20)}`,
  butterfly: (c) =>
    `<ellipse cx="31" cy="34" rx="20" ry="22" fill="${c}" ${ln(3)}/><ellipse cx="69" cy="34" rx="20" ry="22" fill="${c}" ${ln(3)}/><ellipse cx="35" cy="68" rx="15" ry="16" fill="${shade(c, -0.2)}" ${ln(3)}/><ellipse cx="65" cy="68" rx="15" ry="16" fill="${shade(c, -0.2)}" ${ln(3)}/><circle cx="30" cy="32" r="7" fill="#fff" opacity=".7"/><circle cx="70" cy="32" r="7" fill="#fff" opacity=".7"/><rect x="45" y="24" width="10" height="58" rx="5" fill="${INK}"/><path d="M48 24l-8-14M52 24l8-14" stroke="${INK}" stroke-width="2.5" stroke-linecap="round"/>`,
  garland: (c) =>
    `${ring(12, 50, 50, 34, (x, y) => `<circle cx="${x}" cy="${y}" r="9" fill="#fff" ${ln(2)}/><circle cx="${x}" cy="${y}" r="3" fill="${c}"/>`)}<path d="M50 84l-8 14M50 84l8 14" stroke="${c}" stroke-width="4" stroke-linecap="round"/>`,
  bee: (c) =>
    `<ellipse cx="36" cy="30" rx="16" ry="12" fill="#e3f2fd" ${ln(2.5)} transform="rotate(-25 36 30)"/><ellipse cx="62" cy="28" rx="16" ry="12" fill="#e3f2fd" ${ln(2.5)} transform="rotate(25 62 28)"/><ellipse cx="50" cy="58" rx="32" ry="24" fill="${c}" ${ln(3)}/><path d="M38 36c-4 14-4 30 0 44M54 34c-4 16-4 34 0 48" stroke="${INK}" stroke-width="8"/><path d="M82 58l12 0" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>${eye(26, 54)}`,
  leaf: (c) =>
    `<path d="M14 88C10 42 40 12 90 10c2 50-28 80-76 78Z" fill="${c}" ${ln(3)}/><path d="M14 88C34 64 58 38 84 16M40 62l-6-20M52 50l-2-22M62 38l2-16M40 62l20 4M52 50l20 2" fill="none" stroke="${shade(c, -0.35)}" stroke-width="2.5" stroke-linecap="round"/>`,
  drop: (c) =>
    `<path d="M50 6C38 30 20 46 20 64a30 30 0 0 0 60 0C80 46 62 30 50 6Z" fill="${c}" ${ln(3)}/>${shine(38, 58, 6, 14, 10)}<circle cx="62" cy="74" r="4" fill="#fff" opacity=".6"/>`,
  crown: (c) =>
    `<path d="M12 80l-4-52 22 20 20-32 20 32 22-20-4 52Z" fill="${c}" ${ln(3)}/><rect x="10" y="76" width="80" height="12" rx="3" fill="${shade(c, -0.2)}" ${ln(3)}/><circle cx="50" cy="58" r="7" fill="#d62828" ${ln(2)}/><circle cx="30" cy="62" r="5" fill="#2dc653" ${ln(2)}/><circle cx="70" cy="62" r="5" fill="#4895ef" ${ln(2)}/><circle cx="50" cy="16" r="4" fill="#fff" ${ln(2)}/>`,
  gong: (c) =>
    `<path d="M12 94V12h76v82" fill="none" stroke="#6b4226" stroke-width="6" stroke-linejoin="round"/><path d="M40 12v10M60 12v10" stroke="${INK}" stroke-width="2"/><circle cx="50" cy="54" r="30" fill="${c}" ${ln(3)}/><circle cx="50" cy="54" r="20" fill="none" stroke="${shade(c, -0.35)}" stroke-width="3"/><circle cx="50" cy="54" r="8" fill="${shade(c, 0.3)}" ${ln(2)}/>`,
  bi: (c) =>
    `<circle cx="50" cy="50" r="42" fill="${c}" ${ln(3)}/><circle cx="50" cy="50" r="14" fill="${INK}" opacity=".8"/><circle cx="50" cy="50" r="30" fill="none" stroke="${shade(c, -0.3)}" stroke-width="3" stroke-dasharray="5 5"/>${shine(30, 30, 6, 12, 45)}`,
  ingot: (c) =>
    `<path d="M6 50Q12 84 50 84Q88 84 94 50Q74 60 68 50Q62 64 50 64Q38 64 32 50Q26 60 6 50Z" fill="${c}" ${ln(3)}/><path d="M32 50Q34 26 50 26Q66 26 68 50Q62 64 50 64Q38 64 32 50Z" fill="${shade(c, 0.25)}" ${ln(3)}/>${shine(44, 38, 4, 9, 30)}`,
  fan: (c) =>
    `<path d="M50 84L8 44a58 58 0 0 1 84 0Z" fill="${c}" ${ln(3)}/><path d="M50 84L18 34M50 84L32 26M50 84V22M50 84L68 26M50 84L82 34" stroke="${shade(c, -0.35)}" stroke-width="2"/><path d="M18 44a46 46 0 0 1 64 0" fill="none" stroke="#fff" stroke-width="3" opacity=".6"/><circle cx="50" cy="84" r="5" fill="#d4af37" ${ln(2)}/>`,
  koi: (c) =>
    `<path d="M10 50C24 30 50 26 70 38l18-16-4 28 4 28-18-16C50 74 24 70 10 50Z" fill="#fff" ${ln(3)}/><path d="M28 36c8 6 10 18 4 28 12-2 22-10 24-24-8-6-18-8-28-4ZM62 40c4 6 4 14 0 20 6-2 8-14 0-20Z" fill="${c}"/><path d="M40 66l-4 14 14-10M40 34l-4-12 14 8" fill="${c}" ${ln(2)}/>${eye(22, 46, 3)}<path d="M10 54c-4 2-6 6-6 8" stroke="${INK}" stroke-width="2" fill="none"/>`,
  aurora: (c) =>
    `<rect x="6" y="6" width="88" height="88" rx="16" fill="#0b1033" ${ln(3)}/><path d="M14 70C20 40 28 30 34 18M30 74C36 44 46 32 52 16M48 76C54 48 62 36 72 20M66 74c4-20 12-32 20-42" fill="none" stroke="${c}" stroke-width="7" stroke-linecap="round" opacity=".85"/><path d="M6 76l22-12 18 10 20-14 28 16v14a16 16 0 0 1-16 4H22A16 16 0 0 1 6 82Z" fill="#e0fbfc" ${ln(2)}/><circle cx="80" cy="18" r="2" fill="#fff"/><circle cx="20" cy="26" r="1.6" fill="#fff"/>`,
  moon: (c) =>
    `<path d="M64 8a42 42 0 1 0 28 66A34 34 0 0 1 64 8Z" fill="${c}" ${ln(3)}/><circle cx="40" cy="40" r="5" fill="${shade(c, -0.15)}"/><circle cx="32" cy="62" r="7" fill="${shade(c, -0.15)}"/><path d="${star(78, 22, 9, 4)}" fill="#ffd60a" ${ln(1.5)}/>`,
  wolf: (c) =>
    `<path d="M18 8l16 22h32l16-22 4 40-12 22-24 22-24-22-12-22Z" fill="${c}" ${ln(3)}/><path d="M24 18l8 12M76 18l-8 12" stroke="${shade(c, -0.4)}" stroke-width="4"/><path d="M34 58l16 34 16-34-16 6Z" fill="#f1f3f5" ${ln(2.5)}/><path d="M44 80h12l-6 8Z" fill="${INK}"/><path d="M30 46l12 4M70 46l-12 4" stroke="${INK}" stroke-width="4" stroke-linecap="round"/><circle cx="38" cy="49" r="2" fill="#ffd60a"/><circle cx="62" cy="49" r="2" fill="#ffd60a"/>`,
  owl: (c) =>
    `<path d="M20 12l12 14h36l12-14v54c0 16-14 26-30 26S20 82 20 66Z" fill="${c}" ${ln(3)}/><path d="M30 64c6 6 14 10 20 10s14-4 20-10M34 74c4 4 10 6 16 6s12-2 16-6" fill="none" stroke="${shade(c, -0.3)}" stroke-width="2.5"/><circle cx="36" cy="42" r="13" fill="#fff" ${ln(2.5)}/><circle cx="64" cy="42" r="13" fill="#fff" ${ln(2.5)}/>${eye(36, 42, 6)}${eye(64, 42, 6)}<path d="M46 52l4 10 4-10Z" fill="#f4a261" ${ln(2)}/>`,
  fox: (c) =>
    `<path d="M10 8l22 20h36l22-20-6 42-34 42-34-42Z" fill="${c}" ${ln(3)}/><path d="M16 50l34 42 34-42c-10 4-24 4-34 10-10-6-24-6-34-10Z" fill="#fff" ${ln(2.5)}/><path d="M18 18l10 12M82 18l-10 12" stroke="${shade(c, -0.4)}" stroke-width="4"/><path d="M44 84h12l-6 8Z" fill="${INK}"/>${eye(36, 44, 3.5)}${eye(64, 44, 3.5)}`,
  star: (c) =>
    `<path d="${star(50, 52, 44, 19)}" fill="${c}" ${ln(3)}/><path d="${star(50, 52, 24, 10)}" fill="#fff" opacity=".35"/>`,
  bolt: (c) =>
    `<path d="M60 4L16 58h28l-8 38 48-58H56Z" fill="${c}" ${ln(3)}/><path d="M56 14L30 50" stroke="#fff" stroke-width="4" opacity=".6" stroke-linecap="round"/>`,
  pearl: (c) =>
    `<path d="M6 60c10 22 28 32 44 32s34-10 44-32Z" fill="#ffafcc" ${ln(3)}/><path d="M20 74l8-12M36 84l4-20M64 84l-4-20M80 74l-8-12" stroke="${shade('#ffafcc', -0.3)}" stroke-width="2"/><circle cx="50" cy="44" r="28" fill="${c}" ${ln(3)}/><circle cx="40" cy="34" r="9" fill="#fff"/><circle cx="58" cy="54" r="10" fill="#dee2e6" opacity=".6"/>`,
  shell: (c) =>
    `<path d="M50 88L18 74C4 56 8 26 28 14c14-8 30-8 44 0 20 12 24 42 10 60Z" fill="${c}" ${ln(3)}/><path d="M50 88V12M50 88L30 16M50 88L70 16M50 88L14 38M50 88L86 38" stroke="${shade(c, -0.3)}" stroke-width="2.5"/><rect x="38" y="80" width="24" height="10" rx="3" fill="${shade(c, -0.15)}" ${ln(2.5)}/>`,
  chest: (c) =>
    `<rect x="10" y="46" width="80" height="42" rx="4" fill="${c}" ${ln(3)}/><path d="M10 46c0-22 12-32 40-32s40 10 40 32Z" fill="${shade(c, 0.15)}" ${ln(3)}/><path d="M26 16v72M74 16v72" stroke="#f2c14e" stroke-width="6"/><rect x="42" y="40" width="16" height="18" rx="3" fill="#f2c14e" ${ln(2.5)}/><circle cx="50" cy="48" r="3" fill="${INK}"/><path d="M14 46h72" stroke="${INK}" stroke-width="3"/>`,
  turtle: (c) =>
    `<ellipse cx="84" cy="50" rx="11" ry="9" fill="#95d5b2" ${ln(2.5)}/>${eye(88, 47, 2)}<path d="M24 22l12 10M24 78l12-10M66 22 58 32M66 78l-8-10" stroke="#95d5b2" stroke-width="9" stroke-linecap="round"/><ellipse cx="48" cy="50" rx="32" ry="26" fill="${c}" ${ln(3)}/><path d="M48 36l10 7v12l-10 7-10-7V43ZM48 36V24M58 43l12-6M58 55l12 6M48 62v12M38 55l-12 6M38 43l-12-6" fill="${shade(c, 0.25)}" stroke="${shade(c, -0.4)}" stroke-width="2.5"/>`,
  dolphin: (c) =>
    `<path d="M8 70C18 36 46 18 76 24c6-8 12-10 16-10-2 6-2 10 0 14 4 8 2 18-6 20l-10-2C62 62 42 62 30 70l8 14-18-6-12 6Z" fill="${c}" ${ln(3)}/><path d="M52 26l-6-14 18 12" fill="${c}" ${ln(2.5)}/><path d="M30 62c14-12 34-14 52-12" fill="none" stroke="#fff" stroke-width="4" opacity=".6"/>${eye(78, 36, 2.5)}`,
  angelfish: (c) =>
    `<path d="M16 50C28 28 50 20 60 40l8 0 16-12-4 22 4 22-16-12h-8C50 80 28 72 16 50Z" fill="${c}" ${ln(3)}/><path d="M46 26L38 4l26 30M46 74 38 96l26-30" fill="${shade(c, -0.15)}" ${ln(2.5)}/><path d="M34 32v36M48 30v40" stroke="${INK}" stroke-width="5" opacity=".7"/>${eye(24, 46, 3)}`,
  dragon: (c) =>
    `<path d="M36 16 26 4l-2 18M56 14l6-12 6 16" fill="none" stroke="${shade(c, -0.3)}" stroke-width="5" stroke-linecap="round"/><path d="M14 40c4-18 20-28 40-26 16 2 26 12 32 24l8 6c2 6-2 10-8 10H70l14 10c0 8-8 12-16 10L50 64c-4 12-12 22-24 28l4-18c-10-2-18-12-18-22l-8-4 8-6Z" fill="${c}" ${ln(3)}/><path d="M20 70c-6 2-12 0-16-6M14 58c-6-2-10-6-12-12" fill="none" stroke="${shade(c, -0.35)}" stroke-width="3" stroke-linecap="round"/><path d="M50 44c10-4 22-2 30 4" fill="none" stroke="${INK}" stroke-width="3"/><circle cx="52" cy="32" r="6" fill="#fff" ${ln(2)}/><circle cx="53" cy="32" r="3" fill="#d00000"/><path d="M86 46c6 8 10 16 8 24M84 50c2 10 0 18-6 26" fill="none" stroke="#ffd166" stroke-width="2.5" stroke-linecap="round"/><path d="M76 42l4 6" stroke="${INK}" stroke-width="3"/>`,
  flamePearl: (c) =>
    `<path d="M50 4c6 14 18 10 20 24 10-6 18 2 16 14 10 6 8 22-4 30 4 10-4 22-16 20-6 8-26 8-32 0-12 2-20-10-16-20-12-8-14-24-4-30-2-12 6-20 16-14 2-14 14-10 20-24Z" fill="${c}" ${ln(3)}/><circle cx="50" cy="54" r="22" fill="#fff6e0" ${ln(3)}/><path d="M40 46c4-6 12-8 18-4" fill="none" stroke="${c}" stroke-width="3" stroke-linecap="round"/>${shine(42, 46, 4, 7)}`,
  envelope: (c) =>
    `<rect x="18" y="8" width="64" height="84" rx="6" fill="${c}" ${ln(3)}/><path d="M18 14l32 28 32-28" fill="${shade(c, -0.2)}" ${ln(3)}/><circle cx="50" cy="44" r="11" fill="#ffd60a" ${ln(2.5)}/><path d="M45 44h10M50 39v10" stroke="${c}" stroke-width="3"/><path d="M28 70h44M28 80h44" stroke="#ffd60a" stroke-width="3" opacity=".8"/>`,
  tiger: (c) =>
    `<circle cx="24" cy="22" r="12" fill="${c}" ${ln(3)}/><circle cx="76" cy="22" r="12" fill="${c}" ${ln(3)}/><circle cx="50" cy="54" r="38" fill="${c}" ${ln(3)}/><path d="M50 18v14M40 20l4 12M60 20l-4 12M14 50h14M16 62l12-4M86 50H72M84 62l-12-4" stroke="${INK}" stroke-width="4" stroke-linecap="round"/><ellipse cx="50" cy="70" rx="20" ry="15" fill="#fff" ${ln(2.5)}/><path d="M44 62h12l-6 7Z" fill="${INK}"/>${eye(36, 48, 4)}${eye(64, 48, 4)}`,
  cashCoin: (c) =>
    `<circle cx="50" cy="50" r="42" fill="${c}" ${ln(3)}/><circle cx="50" cy="50" r="34" fill="none" stroke="${shade(c, -0.3)}" stroke-width="3"/><rect x="40" y="40" width="20" height="20" fill="${INK}" opacity=".85"/><path d="M44 22h12M50 22v10M44 78h12M50 68v10M22 44v12M22 50h10M78 44v12M68 50h10" stroke="${shade(c, -0.45)}" stroke-width="4" stroke-linecap="round"/>${shine(30, 30, 5, 10, 45)}`,
  lotus: (c) =>
    `<path d="M50 86C30 70 26 44 50 14c24 30 20 56 0 72Z" fill="${c}" ${ln(3)}/><path d="M50 86C28 84 12 66 10 44c20 2 36 16 40 42ZM50 86c22-2 38-20 40-42-20 2-36 16-40 42Z" fill="${shade(c, 0.3)}" ${ln(3)}/><path d="M18 88h64" stroke="#2d6a4f" stroke-width="5" stroke-linecap="round"/>`,
  carabao: (c) =>
    `<path d="M30 38C18 40 6 34 4 20c8 6 20 8 28 6M70 38c12 2 24-4 26-18-8 6-20 8-28 6" fill="#e9e3d5" ${ln(3)}/><path d="M30 30h40c4 10 4 22 0 30l-6 22c-2 8-28 8-28 0l-6-22c-4-8-4-20 0-30Z" fill="${c}" ${ln(3)}/><path d="M22 40l10 4M78 40l-10 4" stroke="${c}" stroke-width="10" stroke-linecap="round"/><ellipse cx="50" cy="76" rx="14" ry="9" fill="${shade(c, 0.35)}" ${ln(2.5)}/><circle cx="45" cy="76" r="2" fill="${INK}"/><circle cx="55" cy="76" r="2" fill="${INK}"/>${eye(40, 48, 3)}${eye(60, 48, 3)}`,
  sun: (c) =>
    `${ring(12, 50, 50, 38, (x, y, a) => `<path d="M-6 0L0-14 6 0Z" fill="${shade(c, -0.1)}" ${ln(2)} transform="translate(${x} ${y}) rotate(${a})"/>`)}<circle cx="50" cy="50" r="28" fill="${c}" ${ln(3)}/>${shine(40, 40, 6, 10)}`,
  rice: (c) =>
    `<path d="M50 90V40M50 90L34 34M50 90L66 34M50 90L22 44M50 90L78 44" stroke="#6a994e" stroke-width="3"/>${(
      [
        [50, 20],
        [32, 20],
        [68, 20],
        [18, 32],
        [82, 32],
      ] as const
    )
      .map(([x, y]) =>
        [0, 8, 16].map((d) => `<ellipse cx="${x}" cy="${y + d}" rx="5" ry="4" fill="${c}" ${ln(1.5)}/>`).join(''),
      )
      .join('')}<rect x="40" y="62" width="20" height="8" rx="2" fill="#bc6c25" ${ln(2)}/>`,
  hut: (c) =>
    `<path d="M24 66v26M76 66v26M40 66v26M60 66v26" stroke="#6b4226" stroke-width="5"/><rect x="22" y="44" width="56" height="24" fill="${c}" ${ln(3)}/><rect x="42" y="48" width="16" height="20" fill="#5a3b12"/><path d="M6 48L50 10l44 38Z" fill="#e9c46a" ${ln(3)}/><path d="M20 36l10 10M34 26l10 18M54 20l4 22M70 30l-2 14" stroke="#bc6c25" stroke-width="2"/>`,
  mango: (c) =>
    `<path d="M30 20c26-10 54 10 58 38 4 24-16 36-36 32C28 86 12 66 14 44c1-12 6-20 16-24Z" fill="${c}" ${ln(3)}/><path d="M30 20c-4-6-2-12 4-14" fill="none" stroke="#5a3b12" stroke-width="4" stroke-linecap="round"/>${leaf(34, 10, 10)}<ellipse cx="62" cy="60" rx="18" ry="14" fill="#f77f00" opacity=".5"/>${shine(34, 40, 5, 12, 20)}`,
  pharaoh: (c) =>
    `<path d="M50 6C28 6 14 20 12 40L6 92h88l-6-52C86 20 72 6 50 6Z" fill="${c}" ${ln(3)}/><path d="M14 50h16M12 62h18M10 74h20M10 86h20M70 50h16M70 62h18M70 74h20M70 86h20" stroke="#1d3557" stroke-width="5"/><path d="M30 30h40v34c0 14-8 24-20 24S30 78 30 64Z" fill="#c68b59" ${ln(3)}/><path d="M36 46h10M54 46h10" stroke="${INK}" stroke-width="4" stroke-linecap="round"/><path d="M44 76h12v16H44Z" fill="#1d3557" ${ln(2)}/><path d="M46 14l4 8 4-8" fill="#1d3557"/>`,
  scarab: (c) =>
    `<path d="M26 38l-16-8M24 56H8M28 72l-14 10M74 38l16-8M76 56h16M72 72l14 10" stroke="${INK}" stroke-width="4" stroke-linecap="round"/><ellipse cx="50" cy="24" rx="14" ry="10" fill="${shade(c, -0.3)}" ${ln(3)}/><ellipse cx="50" cy="58" rx="26" ry="32" fill="${c}" ${ln(3)}/><path d="M50 34v56M26 48h48" stroke="${shade(c, -0.4)}" stroke-width="3"/>${shine(40, 50, 4, 10, 10)}`,
  horus: (c) =>
    `<path d="M8 44C24 24 62 22 90 40 66 60 30 62 8 44Z" fill="#fff" ${ln(3)}/><circle cx="50" cy="42" r="12" fill="${c}" ${ln(2.5)}/><circle cx="50" cy="42" r="5" fill="${INK}"/><path d="M10 30C30 16 62 14 88 26M44 56l-6 32M58 56c8 10 22 14 26 24 2 8-8 10-12 4" fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round"/>`,
  ankh: (c) =>
    `<path d="M50 44C34 34 32 8 50 8s16 26 0 36ZM50 44v48M24 50h52" fill="none" stroke="${INK}" stroke-width="16" stroke-linecap="round"/><path d="M50 44C34 34 32 8 50 8s16 26 0 36ZM50 44v48M24 50h52" fill="none" stroke="${c}" stroke-width="10" stroke-linecap="round"/>`,
  cat: (c) =>
    `<path d="M36 6l4 16h20l4-16 8 20c6 10 2 22-6 26 10 6 16 20 14 38H20c-2-18 4-32 14-38-8-4-12-16-6-26Z" fill="${c}" ${ln(3)}/><path d="M84 88c8-6 10-18 4-26" fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round"/><path d="M40 58h20" stroke="#ffd166" stroke-width="5"/><circle cx="50" cy="64" r="4" fill="#ffd166" ${ln(1.5)}/><path d="M42 34l4 2M58 34l-4 2" stroke="#118ab2" stroke-width="4" stroke-linecap="round"/>`,
  lollipop: (c) =>
    `<path d="M50 58v38" stroke="#f1faee" stroke-width="7" stroke-linecap="round"/><path d="M50 58v38" stroke="${INK}" stroke-width="1.5" opacity=".4"/><circle cx="50" cy="36" r="30" fill="${c}" ${ln(3)}/><path d="M50 36c0-6 10-6 10 0 0 10-20 10-20-2 0-14 28-14 28 2 0 18-36 18-36-2" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/>`,
  cupcake: (c) =>
    `<path d="M20 54h60l-8 38H28Z" fill="#ffafcc" ${ln(3)}/><path d="M34 56l2 34M50 56v34M66 56l-2 34" stroke="${shade('#ffafcc', -0.3)}" stroke-width="2.5"/><path d="M16 56c-6-14 6-22 14-20 0-14 14-20 22-14 8-8 24-2 22 12 10-2 18 10 10 22Z" fill="${c}" ${ln(3)}/><circle cx="56" cy="14" r="8" fill="#d00000" ${ln(2)}/><path d="M30 44l4-4M46 36l4 2M64 44l4-2" stroke="#fff" stroke-width="3" stroke-linecap="round"/>`,
  jar: (c) =>
    `<rect x="30" y="8" width="40" height="12" rx="4" fill="${c}" ${ln(3)}/><path d="M26 20h48c8 8 12 20 12 34v28c0 6-4 10-10 10H24c-6 0-10-4-10-10V54c0-14 4-26 12-34Z" fill="#e0fbfc" opacity=".95" ${ln(3)}/>${(
      [
        [30, 70, '#ff006e'],
        [50, 76, '#ffbe0b'],
        [70, 70, '#8338ec'],
        [40, 54, '#06d6a0'],
        [60, 56, '#ef233c'],
        [50, 38, '#3a86ff'],
      ] as const
    )
      .map(([x, y, col]) => `<circle cx="${x}" cy="${y}" r="9" fill="${col}" ${ln(2)}/>`)
      .join('')}${shine(22, 50, 3, 14, 0)}`,
  heart: (c) =>
    `<path d="M50 90S6 62 6 34C6 20 17 10 30 10c8 0 16 4 20 12 4-8 12-12 20-12 13 0 24 10 24 24 0 28-44 56-44 56Z" fill="${c}" ${ln(3)}/>${shine(28, 32, 6, 12, 30)}`,
  gumdrop: (c) =>
    `<path d="M12 84C12 40 28 14 50 14s38 26 38 70Z" fill="${c}" ${ln(3)}/><g fill="#fff" opacity=".8">${(
      [
        [32, 40],
        [52, 30],
        [66, 48],
        [40, 62],
        [60, 70],
        [26, 74],
        [74, 76],
      ] as const
    )
      .map(([x, y]) => `<rect x="${x}" y="${y}" width="4" height="4" rx="1"/>`)
      .join('')}</g>`,
  bean: (c) =>
    `<path d="M20 30C30 10 60 10 72 22c10 10 18 22 12 40-6 22-34 30-50 20-8-5-6-14-14-22-6-8-6-18 0-30Z" fill="${c}" ${ln(3)}/>${shine(38, 30, 6, 14, 60)}`,
  mint: (c) =>
    `<circle cx="50" cy="50" r="40" fill="#fff" ${ln(3)}/>${ring(
      3,
      50,
      50,
      0,
      (_x, _y, a) => `<path d="M50 50L50 10A40 40 0 0 1 84.6 30Z" fill="${c}" transform="rotate(${a} 50 50)"/>`,
    )}<circle cx="50" cy="50" r="40" fill="none" ${ln(3)}/><circle cx="50" cy="50" r="7" fill="#fff"/>`,
  taffy: (c) =>
    `<path d="M26 50L6 30v40ZM74 50l20-20v40Z" fill="${shade(c, -0.15)}" ${ln(3)}/><ellipse cx="50" cy="50" rx="28" ry="20" fill="${c}" ${ln(3)}/><path d="M32 40l10 20M46 34l12 30M62 36l8 18" stroke="#fff" stroke-width="4" stroke-linecap="round"/>`,
  acacia: (c) =>
    `<path d="M46 90l4-40M50 56L30 40M52 52l20-14" stroke="#6b4226" stroke-width="7" stroke-linecap="round"/><path d="M6 36c4-14 24-20 44-18 24-4 42 4 44 16 2 8-8 12-22 10-12 6-32 6-44 0C14 46 4 44 6 36Z" fill="${c}" ${ln(3)}/><path d="M4 92h92" stroke="#dda15e" stroke-width="5" stroke-linecap="round"/>`,
  sunset: (c) =>
    `<path d="M10 60a40 40 0 0 1 80 0Z" fill="${c}" ${ln(3)}/><path d="M4 60h92" stroke="${INK}" stroke-width="3"/><path d="M16 70h68M26 80h48M38 90h24" stroke="${c}" stroke-width="5" stroke-linecap="round"/><path d="M50 8v8M20 22l6 6M80 22l-6 6" stroke="${c}" stroke-width="5" stroke-linecap="round"/>`,
  lion: (c) =>
    `${ring(14, 50, 52, 36, (x, y) => `<circle cx="${x}" cy="${y}" r="13" fill="${shade(c, -0.35)}" ${ln(2)}/>`)}<circle cx="50" cy="52" r="30" fill="${c}" ${ln(3)}/><ellipse cx="50" cy="66" rx="14" ry="11" fill="${shade(c, 0.45)}" ${ln(2)}/><path d="M44 60h12l-6 7Z" fill="${INK}"/>${eye(39, 46, 3.5)}${eye(61, 46, 3.5)}`,
  elephant: (c) =>
    `<ellipse cx="20" cy="42" rx="18" ry="24" fill="${shade(c, 0.15)}" ${ln(3)}/><ellipse cx="80" cy="42" rx="18" ry="24" fill="${shade(c, 0.15)}" ${ln(3)}/><path d="M28 34c0-16 10-24 22-24s22 8 22 24c0 14-6 20-12 24v24c0 6-8 10-12 4l-4-6c-2 8-8 10-10 4V60c-6-4-6-14-6-26Z" fill="${c}" ${ln(3)}/><path d="M42 60c-6 4-10 10-10 18" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/>${eye(40, 36, 3)}${eye(60, 36, 3)}`,
  zebra: (c) =>
    `<path d="M30 12l6 16M70 12l-6 16" stroke="${INK}" stroke-width="6" stroke-linecap="round"/><path d="M28 30c0-10 10-16 22-16s22 6 22 16l-6 46c-2 10-8 16-16 16s-14-6-16-16Z" fill="${c}" ${ln(3)}/><path d="M30 38h14M56 38h14M30 50h12M58 50h12M36 62h28M50 16v16" stroke="${INK}" stroke-width="5" stroke-linecap="round"/><ellipse cx="50" cy="80" rx="14" ry="10" fill="#495057" ${ln(2.5)}/>${eye(38, 44, 3)}${eye(62, 44, 3)}`,
  giraffe: (c) =>
    `<path d="M40 98V54c-14-2-24-10-24-20 0-10 12-16 26-16h10c12 0 22 8 22 18 0 8-6 14-14 16v46Z" fill="${c}" ${ln(3)}/><path d="M40 18V6M56 18V6" stroke="${INK}" stroke-width="4"/><circle cx="40" cy="6" r="4" fill="#6b4226"/><circle cx="56" cy="6" r="4" fill="#6b4226"/>${(
      [
        [46, 64],
        [54, 78],
        [44, 88],
        [60, 30],
        [30, 30],
      ] as const
    )
      .map(([x, y]) => `<rect x="${x - 5}" y="${y - 5}" width="10" height="9" rx="3" fill="#8b5a2b"/>`)
      .join('')}${eye(44, 28, 3)}<ellipse cx="22" cy="36" rx="5" ry="3" fill="${INK}" opacity=".5"/>`,
  palm: (c) =>
    `<path d="M50 94c0-24 4-46 16-62" fill="none" stroke="#8b5a2b" stroke-width="9" stroke-linecap="round"/><path d="M50 94c0-24 4-46 16-62" fill="none" stroke="#6b4226" stroke-width="2" stroke-dasharray="4 6"/><path d="M66 32C54 18 34 16 18 24c16 0 30 4 48 8ZM66 32c4-16 18-24 30-22-10 6-20 14-30 22ZM66 32c14-4 28 4 30 18-10-8-20-12-30-18ZM66 32c-16 0-30 10-34 26 12-12 22-18 34-26ZM66 32c-2-14-10-24-22-28 8 10 14 18 22 28Z" fill="${c}" ${ln(2.5)}/><circle cx="62" cy="38" r="5" fill="#7f5539" ${ln(2)}/><circle cx="70" cy="38" r="5" fill="#7f5539" ${ln(2)}/>`,
  compass: (c) =>
    `<circle cx="50" cy="50" r="42" fill="${c}" ${ln(3)}/><circle cx="50" cy="50" r="32" fill="#fefae0" ${ln(2.5)}/><path d="M50 20l8 30-8 30-8-30Z" fill="#d62828" ${ln(2)}/><path d="M50 50l8 0-8 30-8-30Z" fill="#457b9d"/><path d="M20 50h8M72 50h8" stroke="${INK}" stroke-width="3"/><circle cx="50" cy="50" r="4" fill="${INK}"/>`,
  map: (c) =>
    `<path d="M8 18l26-8 32 8 26-8v72l-26 8-32-8-26 8Z" fill="#fefae0" ${ln(3)}/><path d="M34 10v72M66 18v72" stroke="${shade(c, 0.2)}" stroke-width="2"/><path d="M18 70c8-12 20-8 24-20s16-18 30-10" fill="none" stroke="${c}" stroke-width="3.5" stroke-dasharray="5 5" stroke-linecap="round"/><path d="M68 32l12 12M80 32 68 44" stroke="#d62828" stroke-width="5" stroke-linecap="round"/>`,
  parrot: (c) =>
    `<path d="M56 96c-24-6-38-26-34-50 4-24 22-38 42-36 14 2 22 12 22 24l-8 8c-10 4-18 14-16 28l6 26Z" fill="${c}" ${ln(3)}/><path d="M62 38c10-4 22 0 26 10 2 8-2 18-8 20 0-8-4-14-12-14Z" fill="#ffd166" ${ln(3)}/><path d="M26 62c8 10 18 16 28 18M30 76c8 8 16 12 24 12" fill="none" stroke="#118ab2" stroke-width="6" stroke-linecap="round"/><circle cx="54" cy="32" r="8" fill="#fff" ${ln(2)}/>${eye(55, 32, 3.5)}`,
  banca: (c) =>
    `<path d="M6 80h88" stroke="#90e0ef" stroke-width="5" stroke-linecap="round"/><path d="M4 70h92" stroke="${INK}" stroke-width="3"/><path d="M10 70l4-4h16M90 70l-4-4H70" stroke="${INK}" stroke-width="3" fill="none"/><path d="M14 58h72l-10 14H24Z" fill="${c}" ${ln(3)}/><path d="M50 58V10" stroke="#6b4226" stroke-width="4"/><path d="M52 12c20 8 30 24 32 42H52Z" fill="#fefae0" ${ln(2.5)}/><path d="M48 18 22 52h26Z" fill="#e63946" ${ln(2.5)}/>`,
  coconut: (c) =>
    `<circle cx="50" cy="52" r="38" fill="${c}" ${ln(3)}/><path d="M20 46c4-12 16-20 30-20" fill="none" stroke="${shade(c, 0.3)}" stroke-width="4" stroke-linecap="round"/><circle cx="40" cy="50" r="5" fill="${INK}"/><circle cx="60" cy="50" r="5" fill="${INK}"/><circle cx="50" cy="66" r="5" fill="${INK}"/><path d="M62 14c10-6 22-4 28 4M66 20c4-10 14-16 24-14" fill="none" stroke="#2d6a4f" stroke-width="5" stroke-linecap="round"/>`,
};

/* mahjong tiles: an ivory face on a green back, the face drawn stroke by stroke */
const tile = (c: string, face: Motif) =>
  `<rect x="16" y="8" width="72" height="88" rx="10" fill="#2a9d8f" ${ln(3)}/><rect x="12" y="4" width="72" height="86" rx="10" fill="#fdfaf1" ${ln(3)}/>${face(c)}`;

const stroke = (c: string, d: string, w = 7) =>
  `<path d="${d}" fill="none" stroke="${c}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
/** The faces of the mahjong tiles (the 12..84 x 4..90 face of M.tile). */
const TILE: Record<string, Motif> = {
  chung: (c) => stroke(c, 'M30 34h36v24H30ZM48 16v64'), // 中, red dragon
  fa: (c) =>
    // 發, green dragon: the 癶 head, 弓 on the left, 殳 on the right
    stroke(c, 'M32 16l8 8-6 8M28 30l10-4M64 14l-6 10 10 6M58 24l12-4M26 40h44', 5) +
    stroke(
      c,
      'M30 48h12v8H30v10h12l-2 16-6-2M58 46v10c0 6-4 8-6 10M56 48h10v8c0 4 2 6 6 6M50 68h20c-4 10-10 14-20 18M56 74c6 6 12 10 16 12',
      5,
    ),
  white: (c) =>
    `<rect x="24" y="18" width="48" height="58" rx="4" fill="none" stroke="${c}" stroke-width="5"/><rect x="31" y="25" width="34" height="44" rx="2" fill="none" stroke="${c}" stroke-width="2.5"/>`,
  bamboo: (c) =>
    [30, 48, 66]
      .map(
        (x) =>
          `<rect x="${x - 5}" y="18" width="10" height="58" rx="5" fill="${c}" ${ln(2)}/><path d="M${x - 5} 37h10M${x - 5} 57h10" stroke="${shade(c, -0.4)}" stroke-width="2.5"/>`,
      )
      .join(''),
  circles: (c) =>
    (
      [
        [34, 30],
        [62, 30],
        [34, 64],
        [62, 64],
      ] as const
    )
      .map(
        ([x, y]) =>
          `<circle cx="${x}" cy="${y}" r="13" fill="#fff" stroke="${c}" stroke-width="4"/><circle cx="${x}" cy="${y}" r="6" fill="${c}"/><circle cx="${x}" cy="${y}" r="2" fill="#fff"/>`,
      )
      .join(''),
  wan: (c) =>
    // 萬 (the characters suit) in the suit's colour under the tile's "one" stroke
    stroke('#1d3557', 'M28 16h40', 5) +
    stroke(
      c,
      'M26 30h44M38 24v12M58 24v12M34 40h28v14H34ZM48 40v14M34 47h28M30 60v24M30 60h36v20l-4 4M48 54v24l-10-4M48 68l8 6',
      4.5,
    ),
  east: (c) =>
    // 東, east wind
    stroke(c, 'M26 26h44M48 14v70M34 36h28v24H34ZM34 48h28M48 60 28 80M48 60l20 20', 5),
  wild: (c) =>
    `<path d="${star(48, 40, 26, 11, 8)}" fill="${c}" ${ln(2.5)}/><circle cx="48" cy="40" r="10" fill="#ffd166" ${ln(2)}/>`,
};

const ID_MOTIF: Record<string, string> = {
  SEVEN: 'seven',
  DIAMOND: 'diamond',
  BAR: 'bar',
  BAR3: 'bar3',
  BELL: 'bell',
  CHERRY: 'cherry',
  LEMON: 'lemon',
  ORANGE: 'orange',
  PLUM: 'plum',
  GRAPES: 'grapes',
  WATERMELON: 'watermelon',
  PAROL: 'parol',
  PINATA: 'pinata',
  LECHON: 'lechon',
  DRUM: 'drum',
  GUITAR: 'guitar',
  HAT: 'salakot',
  SIGN: 'sign',
  HORSE: 'horse',
  HORN: 'horn',
  MIRROR: 'mirror',
  FARE: 'coins',
  BUTTERFLY: 'butterfly',
  GARLAND: 'garland',
  BEE: 'bee',
  LEAF: 'leaf',
  DEW: 'drop',
  GONG: 'gong',
  JADE: 'bi',
  INGOT: 'ingot',
  FAN: 'fan',
  KOI: 'koi',
  MOON: 'moon',
  WOLF: 'wolf',
  OWL: 'owl',
  FOX: 'fox',
  STAR: 'star',
  SHELL: 'shell',
  CHEST: 'chest',
  TURTLE: 'turtle',
  DOLPHIN: 'dolphin',
  FISH: 'angelfish',
  PEARL: 'flamePearl',
  ENVELOPE: 'envelope',
  TIGER: 'tiger',
  COIN: 'cashCoin',
  LOTUS: 'lotus',
  SUN: 'sun',
  RICE: 'rice',
  HUT: 'hut',
  MANGO: 'mango',
  SCARAB: 'scarab',
  EYE: 'horus',
  ANKH: 'ankh',
  CAT: 'cat',
  CUPCAKE: 'cupcake',
  JAR: 'jar',
  HEART: 'heart',
  DROP: 'gumdrop',
  GEM: 'bean',
  MINT: 'mint',
  TAFFY: 'taffy',
  SUNSET: 'sunset',
  LION: 'lion',
  ELEPHANT: 'elephant',
  ZEBRA: 'zebra',
  GIRAFFE: 'giraffe',
  COMPASS: 'compass',
  MAP: 'map',
  PARROT: 'parrot',
  BANCA: 'banca',
  COCONUT: 'coconut',
};
/** Each config's wild, and the few ids whose picture differs by config. */
const CONFIG_MOTIF: Record<string, Record<string, string>> = {
  lanterns: { WILD: 'lantern' },
  fiesta: { WILD: 'flags' },
  jeepney: { WILD: 'jeepney' },
  sampaguita: { WILD: 'sampaguita' },
  jade: { WILD: 'crown' },
  aurora: { WILD: 'aurora' },
  neon: { WILD: 'bolt' },
  pearl: { WILD: 'pearl' },
  dragon: { WILD: 'dragon' },
  terraces: { WILD: 'carabao' },
  pharaoh: { WILD: 'pharaoh' },
  candy: { WILD: 'lollipop' },
  fruits: {},
  safari: { WILD: 'acacia' },
  island: { WILD: 'palm' },
  mahjong: {
    WILD: 'tile:wild',
    RED: 'tile:chung',
    GREEN: 'tile:fa',
    WHITE: 'tile:white',
    BAMBOO: 'tile:bamboo',
    CIRCLE: 'tile:circles',
    CHAR: 'tile:wan',
    WIND: 'tile:east',
  },
};
const RANKS = new Set(['A', 'K', 'Q', 'J']);

/** The motif's name for a symbol of a config ('rank' for card ranks, 'tile:…' for mahjong faces). */
export function motifOf(config: string, id: string): string | null {
  const own = CONFIG_MOTIF[config]?.[id];
  if (own) return own;
  if (RANKS.has(id)) return 'rank';
  return ID_MOTIF[id] ?? null;
}

function rank(letter: string, c: string) {
  return `<rect x="12" y="8" width="76" height="84" rx="14" fill="${shade(c, 0.82)}" ${ln(3)}/><rect x="18" y="14" width="64" height="72" rx="10" fill="none" stroke="${c}" stroke-width="2.5" stroke-dasharray="2 4"/><text x="50" y="54" dominant-baseline="central" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="62" font-weight="900" fill="${c}" stroke="${shade(c, -0.45)}" stroke-width="2.5" paint-order="stroke">${letter}</text>`;
}

type Featured = Exclude<SymbolKind, 'pay'>;
const RIBBON: Partial<Record<SymbolKind, string>> = { wild: 'WILD', scatter: 'FREE', bonus: 'BONUS' };
const RIBBON_FILL: Record<Featured, string> = { wild: '#d00000', scatter: '#1d4ed8', bonus: '#7b2cbf' };
function ribbon(kind: Featured, label: string) {
  const w = label.length > 4 ? 70 : 60;
  return `<g class="sl-ribbon"><path d="M${50 - w / 2 - 6} 74h${w + 12}l-4 8 4 8H${50 - w / 2 - 6}l4-8Z" fill="${shade(RIBBON_FILL[kind], -0.35)}"/><rect x="${50 - w / 2}" y="72" width="${w}" height="20" rx="4" fill="${RIBBON_FILL[kind]}" stroke="#ffd166" stroke-width="2"/><text x="50" y="83" dominant-baseline="central" text-anchor="middle" font-size="14" font-weight="900" fill="#fff" letter-spacing="1">${label}</text></g>`;
}

/**
 * The inner markup of a symbol's <svg viewBox="0 0 100 100">, or null when the config has no picture
 * for it (the slot page then falls back to its shape and glyph).
 */
export function svg(config: string, symbol: Pick<SlotSymbol, 'id' | 'kind' | 'art'>): string | null {
  const motif = motifOf(config, symbol.id);
  if (!motif) return null;
  const c = symbol.art?.color ?? '#888';
  const draw = motif.startsWith('tile:') ? TILE[motif.slice(5)] : M[motif];
  let body: string;
  if (motif === 'rank') body = rank(symbol.id, c);
  else if (!draw) return null;
  else if (motif.startsWith('tile:')) body = tile(c, draw);
  else body = draw(c);
  const label = RIBBON[symbol.kind];
  if (!label || symbol.kind === 'pay') return body;
  // a wild, scatter or bonus: the picture a little smaller and raised, with its ribbon across the foot
  return `<g transform="translate(9 0) scale(.82)">${body}</g>${ribbon(symbol.kind, label)}`;
}
