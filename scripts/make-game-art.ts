/**
 * Writes the game thumbnails (server/public/games/<code>.svg) and the provider logos
 * (server/public/providers/<code>.svg) from the catalog in db/seeds/games. The output is committed; run
 * again after adding games or providers: npx tsx scripts/make-game-art.ts
 *
 * A thumbnail is a 240x240 square (a third of a 360 px screen at 2x density): a gradient in the colours of
 * the game's type (or of a theme word in its name), a sunburst, a symbol for the type (reels, cards, a
 * roulette wheel, a ball, a fish, a rocket...) and the name. Everything is derived from the game code, so
 * a run is reproducible.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TITLES } from '../server/src/sandbox/provider/games/titles';

interface SeedGame {
  code: string;
  name: string;
  type: 'slot' | 'live' | 'sports' | 'fish' | 'poker' | 'arcade';
  provider: string;
}

const root = join(import.meta.dirname, '..');
const seeds = join(root, 'db', 'seeds', 'games');
const games = JSON.parse(readFileSync(join(seeds, 'games.json'), 'utf8')) as SeedGame[];
const providers = JSON.parse(readFileSync(join(seeds, 'providers.json'), 'utf8')) as { code: string; name: string }[];

const FONT = 'system-ui,-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif';
const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A small deterministic generator seeded by the game code (FNV-1a, then mulberry32). */
function randomFor(code: string) {
  let h = 2166136261;
  for (const ch of code) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  let a = h >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}
type Random = ReturnType<typeof randomFor>;

// ------------------------------------------------------------------------------------------ colours

/** [deep, mid, light accent] */
type Palette = readonly [string, string, string];

const TYPE_PALETTES: Record<SeedGame['type'], Palette[]> = {
  slot: [
    ['#3b0764', '#9333ea', '#f0abfc'],
    ['#4c0519', '#e11d48', '#fecdd3'],
    ['#1e1b4b', '#4f46e5', '#c7d2fe'],
    ['#431407', '#ea580c', '#fed7aa'],
  ],
  live: [
    ['#450a0a', '#b91c1c', '#fecaca'],
    ['#052e16', '#15803d', '#bbf7d0'],
    ['#1c1917', '#92400e', '#fde68a'],
  ],
  sports: [
    ['#052e16', '#16a34a', '#dcfce7'],
    ['#0c4a6e', '#0284c7', '#e0f2fe'],
    ['#172554', '#2563eb', '#dbeafe'],
  ],
  fish: [
    ['#082f49', '#0891b2', '#cffafe'],
    ['#042f2e', '#0d9488', '#ccfbf1'],
    ['#172554', '#1d4ed8', '#bfdbfe'],
  ],
  poker: [
    ['#022c22', '#059669', '#d1fae5'],
    ['#1c1917', '#57534e', '#fde68a'],
    ['#3f0d12', '#be123c', '#ffe4e6'],
  ],
  arcade: [
    ['#2e1065', '#7c3aed', '#a5f3fc'],
    ['#500724', '#db2777', '#fef08a'],
    ['#0f172a', '#0e7490', '#f5d0fe'],
  ],
};

/** Theme words in a name that choose the colours over the type's. */
const THEME_PALETTES: [RegExp, Palette][] = [
  [/\b(ice|frost|glacier|polar|northern|crystal)\b/, ['#0c4a6e', '#38bdf8', '#f0f9ff']],
  [/\b(jade|koi|bamboo|rice|mango|tarsier)\b/, ['#064e3b', '#10b981', '#fef9c3']],
  [/\b(red|envelope|lantern|phoenix|volcano|crimson|fiesta|pinata|typhoon)\b/, ['#450a0a', '#dc2626', '#fde047']],
  [
    /\b(gold|golden|fortune|emperor|pagoda|treasure|treasures|riches|vault|jackpot|cash|coins)\b/,
    ['#422006', '#ca8a04', '#fef3c7'],
  ],
  [/\b(neon|cyber|synthwave|laser|electric|pixel|retro)\b/, ['#1e1b4b', '#c026d3', '#67e8f9']],
  [/\b(moon|moonlit|midnight|celestial|star|starfall|tala|sky|skyrocket)\b/, ['#020617', '#3730a3', '#e0e7ff']],
  [/\b(sunset|boracay|island|palawan|banca|lagoon|coconut)\b/, ['#7c2d12', '#f97316', '#fef3c7']],
];

function paletteFor(game: SeedGame, rnd: Random): Palette {
  const words = game.name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  const theme = THEME_PALETTES.find(([pattern]) => pattern.test(words));
  return theme ? theme[1] : rnd.pick(TYPE_PALETTES[game.type]);
}

// ------------------------------------------------------------------------------------------ shapes

const star = (cx: number, cy: number, outer: number, inner: number, points = 5, rotation = -90) =>
  Array.from({ length: points * 2 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const a = ((rotation + (i * 180) / points) * Math.PI) / 180;
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');

const sparkle = (x: number, y: number, r: number, opacity: number) =>
  `<polygon points="${star(x, y, r, r * 0.25, 4, 0)}" fill="#fff" opacity="${opacity.toFixed(2)}"/>`;

function sunburst(cx: number, cy: number, rays: number) {
  const parts: string[] = [];
  for (let i = 0; i < rays; i++) {
    const a1 = (i * 2 * Math.PI) / rays;
    const a2 = a1 + Math.PI / rays;
    const p = (a: number) => `${(cx + 260 * Math.cos(a)).toFixed(0)},${(cy + 260 * Math.sin(a)).toFixed(0)}`;
    parts.push(`${cx},${cy} ${p(a1)} ${p(a2)}`);
  }
  return `<g fill="#fff" opacity=".07">${parts.map((pts) => `<polygon points="${pts}"/>`).join('')}</g>`;
}

const heart = (x: number, y: number, s: number, fill = '#dc2626') =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M0 6C-6-2-14 0-14 7c0 6 8 11 14 17 6-6 14-11 14-17 0-7-8-9-14-1z" fill="${fill}"/>`;
const spade = (x: number, y: number, s: number, fill = '#111827') =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M0-14C-6-5-14-1-14 6c0 6 7 9 12 4L-5 16H5L2 10c5 5 12 2 12-4 0-7-8-11-14-20z" fill="${fill}"/>`;

function card(x: number, y: number, angle: number, rank: string, suit: 'heart' | 'spade') {
  const red = suit === 'heart';
  const pip = red ? heart(0, -4, 1.3) : spade(0, 0, 1.3);
  return `<g transform="translate(${x} ${y}) rotate(${angle})">
  <rect x="-31" y="-43" width="62" height="86" rx="8" fill="#fff" stroke="#d1d5db" stroke-width="1.5"/>
  <text x="-22" y="-22" font-family="${FONT}" font-size="18" font-weight="800" fill="${red ? '#dc2626' : '#111827'}">${rank}</text>
  ${pip}
</g>`;
}

const chip = (x: number, y: number, r: number, fill: string) =>
  `<g><circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="#0003" stroke-width="1.5"/>` +
  `<circle cx="${x}" cy="${y}" r="${r - 4}" fill="none" stroke="#fff" stroke-width="4" stroke-dasharray="${(r * 0.55).toFixed(1)} ${(r * 0.55).toFixed(1)}"/>` +
  `<circle cx="${x}" cy="${y}" r="${(r * 0.5).toFixed(1)}" fill="#fff" opacity=".9"/></g>`;

// Reel symbols, each centred on (x, y), about 40 px tall.
const REEL_SYMBOLS = {
  seven: (x: number, y: number) =>
    `<text x="${x}" y="${y + 15}" text-anchor="middle" font-family="${FONT}" font-size="44" font-weight="900" fill="#dc2626" stroke="#7f1d1d" stroke-width="1.5">7</text>`,
  cherry: (x: number, y: number) =>
    `<path d="M${x - 8} ${y + 6}Q${x - 4} ${y - 10} ${x + 6} ${y - 16}M${x + 9} ${y + 8}Q${x + 8} ${y - 6} ${x + 6} ${y - 16}" stroke="#15803d" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    `<ellipse cx="${x + 12}" cy="${y - 16}" rx="7" ry="3.5" fill="#22c55e" transform="rotate(-20 ${x + 12} ${y - 16})"/>` +
    `<circle cx="${x - 8}" cy="${y + 8}" r="9" fill="#dc2626"/><circle cx="${x + 9}" cy="${y + 10}" r="9" fill="#b91c1c"/>` +
    `<circle cx="${x - 11}" cy="${y + 5}" r="2.5" fill="#fff" opacity=".8"/><circle cx="${x + 6}" cy="${y + 7}" r="2.5" fill="#fff" opacity=".8"/>`,
  bell: (x: number, y: number) =>
    `<path d="M${x - 14} ${y + 10}Q${x - 14} ${y - 16} ${x} ${y - 17}Q${x + 14} ${y - 16} ${x + 14} ${y + 10}L${x + 18} ${y + 14}H${x - 18}Z" fill="#f59e0b" stroke="#92400e" stroke-width="1.5"/>` +
    `<circle cx="${x}" cy="${y + 17}" r="4.5" fill="#92400e"/><path d="M${x - 7} ${y - 8}Q${x - 8} ${y + 2} ${x - 8} ${y + 8}" stroke="#fef3c7" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  diamond: (x: number, y: number) =>
    `<polygon points="${x},${y + 19} ${x - 18},${y - 4} ${x - 10},${y - 15} ${x + 10},${y - 15} ${x + 18},${y - 4}" fill="#38bdf8" stroke="#0369a1" stroke-width="1.5"/>` +
    `<path d="M${x - 18} ${y - 4}H${x + 18}M${x - 7} ${y - 4}L${x} ${y + 19}L${x + 7} ${y - 4}L${x} ${y - 15}Z" stroke="#0369a1" stroke-width="1" fill="#bae6fd" fill-opacity=".5"/>`,
  bar: (x: number, y: number) =>
    `<rect x="${x - 21}" y="${y - 11}" width="42" height="22" rx="4" fill="#111827"/>` +
    `<text x="${x}" y="${y + 5}" text-anchor="middle" font-family="${FONT}" font-size="13" font-weight="900" fill="#facc15">BAR</text>`,
  star: (x: number, y: number) =>
    `<polygon points="${star(x, y + 1, 19, 8)}" fill="#facc15" stroke="#a16207" stroke-width="1.5" stroke-linejoin="round"/>`,
} as const;
type ReelSymbol = keyof typeof REEL_SYMBOLS;

// ------------------------------------------------------------------------------------------ symbols

type Drawer = (p: Palette, rnd: Random) => string;

/** Theme emblems of slots, drawn around (0, 0) in about 110x110. */
const EMBLEMS: Record<string, (p: Palette) => string> = {
  moon: (p) =>
    `<path d="M14-50A52 52 0 1 0 46 26A42 42 0 1 1 14-50Z" fill="url(#gold)" stroke="#78350f" stroke-width="2"/>` +
    `<polygon points="${star(30, -22, 12, 5)}" fill="#fff"/><polygon points="${star(-34, -40, 7, 3)}" fill="${p[2]}"/>`,
  snowflake: () =>
    `<g stroke="#f0f9ff" stroke-width="7" stroke-linecap="round">${[0, 60, 120]
      .map((a) => `<path d="M0-52V52M-14-40L0-28L14-40M-14 40L0 28L14 40" transform="rotate(${a})"/>`)
      .join('')}</g><circle r="10" fill="#38bdf8" stroke="#f0f9ff" stroke-width="4"/>`,
  lantern: () =>
    `<path d="M0-62V-50" stroke="#78350f" stroke-width="3"/><rect x="-16" y="-52" width="32" height="10" rx="3" fill="url(#gold)"/>` +
    `<ellipse cx="0" cy="-4" rx="46" ry="40" fill="#dc2626" stroke="#7f1d1d" stroke-width="2"/>` +
    `<path d="M0-44V36M-24-38Q-36-4-24 30M24-38Q36-4 24 30" stroke="#fbbf24" stroke-width="2.5" fill="none"/>` +
    `<rect x="-16" y="34" width="32" height="10" rx="3" fill="url(#gold)"/><path d="M0 44V62" stroke="#fbbf24" stroke-width="4"/>`,
  envelope: () =>
    `<g transform="rotate(-8)"><rect x="-40" y="-52" width="80" height="104" rx="8" fill="#dc2626" stroke="#7f1d1d" stroke-width="2"/>` +
    `<path d="M-40-44Q0-14 40-44" fill="#b91c1c" stroke="#7f1d1d" stroke-width="2"/>` +
    `<circle cy="-12" r="17" fill="url(#gold)" stroke="#78350f" stroke-width="2"/><rect x="-6" y="-18" width="12" height="12" fill="#b91c1c"/></g>`,
  volcano: () =>
    `<path d="M-60 44L-18-26H18L60 44Z" fill="#57534e" stroke="#292524" stroke-width="2"/>` +
    `<path d="M-18-26Q-8-8-14 10L-2-8L4 16L10-10L18-26Z" fill="#f97316"/>` +
    `<circle cx="-10" cy="-44" r="10" fill="#f97316"/><circle cx="8" cy="-54" r="13" fill="#fb923c"/><circle cx="24" cy="-40" r="8" fill="#fdba74"/>`,
  sun: () =>
    `<circle cy="-4" r="40" fill="url(#gold)"/>${Array.from({ length: 12 }, (_, i) => `<path d="M0-50V-62" stroke="#fde68a" stroke-width="5" stroke-linecap="round" transform="rotate(${i * 30} 0 -4)"/>`).join('')}` +
    `<path d="M-64 26Q-48 16-32 26T0 26T32 26T64 26V50H-64Z" fill="#0ea5e9"/><path d="M-64 40Q-48 30-32 40T0 40T32 40T64 40" stroke="#e0f2fe" stroke-width="3" fill="none"/>`,
  gem: () =>
    `<polygon points="0,52 -52,-10 -30,-40 30,-40 52,-10" fill="#22d3ee" stroke="#155e75" stroke-width="2.5"/>` +
    `<path d="M-52-10H52M-20-10L0 52L20-10L0-40Z M-30-40L-20-10M30-40L20-10" stroke="#155e75" stroke-width="2" fill="#cffafe" fill-opacity=".45"/>` +
    `<polygon points="${star(34, -44, 10, 3, 4, 0)}" fill="#fff"/>`,
  chest: () =>
    `<path d="M-54-10Q-54-44 0-44Q54-44 54-10Z" fill="#92400e" stroke="#451a03" stroke-width="2"/>` +
    `<circle cx="-22" cy="-18" r="10" fill="url(#gold)"/><circle cx="6" cy="-24" r="10" fill="url(#gold)"/><circle cx="28" cy="-16" r="9" fill="url(#gold)"/>` +
    `<rect x="-54" y="-10" width="108" height="58" rx="4" fill="#b45309" stroke="#451a03" stroke-width="2"/>` +
    `<path d="M-54 4H54M-30-10V48M30-10V48" stroke="url(#gold)" stroke-width="6"/><rect x="-9" y="-2" width="18" height="22" rx="3" fill="url(#gold)" stroke="#451a03"/>`,
  crown: () =>
    `<path d="M-56 30L-62-30L-28 0L0-48L28 0L62-30L56 30Z" fill="url(#gold)" stroke="#78350f" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<rect x="-56" y="28" width="112" height="18" rx="4" fill="url(#gold)" stroke="#78350f" stroke-width="2"/>` +
    `<circle cy="8" r="9" fill="#dc2626"/><circle cx="-32" cy="14" r="6" fill="#2563eb"/><circle cx="32" cy="14" r="6" fill="#16a34a"/>`,
  koi: () =>
    `<g transform="scale(.9) translate(-116 -98)">${fishBody(['#7c2d12', '#ea580c', '#fff7ed'], false, false)}</g>`,
};

/** Name words -> emblem; slots with none show the classic reel machine. */
const EMBLEM_RULES: [RegExp, keyof typeof EMBLEMS][] = [
  [/\b(moon|moonlit|midnight|celestial|starfall)\b/, 'moon'],
  [/\b(ice|frost|glacier|polar|northern)\b/, 'snowflake'],
  [/\benvelope\b/, 'envelope'],
  [/\b(lantern|pagoda)\b/, 'lantern'],
  [/\b(volcano|typhoon)\b/, 'volcano'],
  [/\b(sunset|island|boracay|coconut|banca)\b/, 'sun'],
  [/\b(crystal|gems|diamonds?|pearl)\b/, 'gem'],
  [/\b(treasures?|vault|bounty|riches|cash)\b/, 'chest'],
  [/\b(emperor|queen|star of)\b/, 'crown'],
  [/\bkoi\b/, 'koi'],
];

/** A themed slot: the emblem over a strip of three small reels. */
const emblemSlot =
  (emblem: keyof typeof EMBLEMS): Drawer =>
  (p, rnd) => {
    const names = Object.keys(REEL_SYMBOLS) as ReelSymbol[];
    const cells = [0, 1, 2]
      .map((i) => {
        const x = 76 + i * 31;
        return `<rect x="${x}" y="128" width="28" height="36" rx="4" fill="url(#reel)"/><g transform="translate(${x + 14} 146) scale(.6)">${REEL_SYMBOLS[rnd.pick(names)](0, 0)}</g>`;
      })
      .join('');
    return `<g transform="translate(120 66)">${EMBLEMS[emblem]?.(p) ?? ''}</g>
<rect x="70" y="122" width="100" height="48" rx="10" fill="url(#gold)" stroke="#78350f" stroke-width="1.5"/>
<rect x="74" y="126" width="92" height="40" rx="6" fill="#1f2937"/>${cells}`;
  };

const reels: Drawer = (p, rnd) => {
  const names = Object.keys(REEL_SYMBOLS) as ReelSymbol[];
  const jackpot = rnd.next() < 0.3;
  const picks = jackpot
    ? (['seven', 'seven', 'seven'] as ReelSymbol[])
    : [rnd.pick(names), rnd.pick(names), rnd.pick(names)];
  const bulbs = Array.from(
    { length: 9 },
    (_, i) => `<circle cx="${40 + i * 20}" cy="50" r="3.5" fill="${i % 2 ? '#fff' : p[2]}"/>`,
  ).join('');
  const cells = picks
    .map((s, i) => {
      const x = 42 + i * 53;
      return `<rect x="${x}" y="62" width="50" height="76" rx="6" fill="url(#reel)"/>${REEL_SYMBOLS[s](x + 25, 100)}`;
    })
    .join('');
  const crown =
    rnd.next() < 0.5
      ? `<path d="M98 40 L104 22 L113 34 L120 16 L127 34 L136 22 L142 40 Z" fill="url(#gold)" stroke="#92400e" stroke-width="1.5" stroke-linejoin="round"/>`
      : `<polygon points="${star(120, 28, 16, 7)}" fill="url(#gold)" stroke="#92400e" stroke-width="1.5"/>`;
  return `${crown}<rect x="28" y="42" width="184" height="108" rx="18" fill="url(#gold)" stroke="#78350f" stroke-width="2"/>
<rect x="36" y="56" width="168" height="88" rx="10" fill="#1f2937"/>${bulbs}${cells}
<path d="M36 100H204" stroke="#ef4444" stroke-width="2" opacity=".55"/>`;
};

const RANKS = ['A', 'K', 'Q', 'J', '9', '8'] as const;
const SUITS = ['heart', 'spade'] as const;

const cards: Drawer = (p, rnd) =>
  `${card(94, 98, -14, rnd.pick(RANKS), rnd.pick(SUITS))}${card(146, 98, 12, rnd.pick(RANKS), 'heart')}${chip(120, 142, 20, p[1])}`;

const roulette: Drawer = () => {
  const c = 2 * Math.PI * 44;
  const seg = (c / 36).toFixed(2);
  return `<circle cx="120" cy="96" r="64" fill="url(#gold)" stroke="#78350f" stroke-width="2"/>
<circle cx="120" cy="96" r="56" fill="#451a03"/>
<circle cx="120" cy="96" r="44" fill="none" stroke="#dc2626" stroke-width="18"/>
<circle cx="120" cy="96" r="44" fill="none" stroke="#111827" stroke-width="18" stroke-dasharray="${seg} ${seg}"/>
<circle cx="120" cy="96" r="44" fill="none" stroke="#16a34a" stroke-width="18" stroke-dasharray="${seg} ${(c - Number(seg)).toFixed(2)}" stroke-dashoffset="${(c / 4).toFixed(2)}"/>
<circle cx="120" cy="96" r="30" fill="url(#gold)" stroke="#78350f" stroke-width="1.5"/>
<path d="M120 74V118M98 96H142" stroke="#78350f" stroke-width="4" stroke-linecap="round"/>
<circle cx="120" cy="96" r="7" fill="#fef3c7" stroke="#78350f"/><circle cx="148" cy="66" r="5" fill="#fff" stroke="#9ca3af"/>`;
};

const moneyWheel: Drawer = (p) => {
  const colours = ['#ef4444', '#f59e0b', '#22c55e', '#3b82f6', '#a855f7', '#ec4899', '#14b8a6', '#eab308'];
  const wedges = colours
    .map((fill, i) => {
      const a1 = (i * Math.PI) / 4 - Math.PI / 2;
      const a2 = a1 + Math.PI / 4;
      const pt = (a: number) => `${(120 + 58 * Math.cos(a)).toFixed(1)} ${(98 + 58 * Math.sin(a)).toFixed(1)}`;
      return `<path d="M120 98L${pt(a1)}A58 58 0 0 1 ${pt(a2)}Z" fill="${fill}" stroke="#fff" stroke-width="2"/>`;
    })
    .join('');
  return `<circle cx="120" cy="98" r="66" fill="url(#gold)" stroke="#78350f" stroke-width="2"/>${wedges}
<circle cx="120" cy="98" r="14" fill="${p[0]}" stroke="#fff" stroke-width="3"/>
<path d="M110 24H130L120 44Z" fill="#fff" stroke="#111827" stroke-width="2" stroke-linejoin="round"/>`;
};

function die(x: number, y: number, angle: number, pips: number[], fill = '#fff', pip = '#111827') {
  const spots = [
    [-12, -12],
    [12, -12],
    [-12, 0],
    [0, 0],
    [12, 0],
    [-12, 12],
    [12, 12],
  ];
  return `<g transform="translate(${x} ${y}) rotate(${angle})"><rect x="-26" y="-26" width="52" height="52" rx="11" fill="${fill}" stroke="#0002" stroke-width="2"/>${pips
    .map((i) => `<circle cx="${spots[i]?.[0]}" cy="${spots[i]?.[1]}" r="5.5" fill="${pip}"/>`)
    .join('')}</g>`;
}
const FACES = { one: [3], three: [0, 3, 6], four: [0, 1, 5, 6], five: [0, 1, 3, 5, 6], six: [0, 1, 2, 4, 5, 6] };

const dice: Drawer = () => `${die(92, 90, -14, FACES.five)}${die(150, 108, 12, FACES.three, '#fff', '#dc2626')}`;

const colorDice: Drawer = () =>
  `${die(80, 108, -10, FACES.one, '#ef4444', '#fff')}${die(160, 108, 10, FACES.one, '#3b82f6', '#fff')}${die(120, 78, 0, FACES.one, '#facc15', '#fff')}`;

const football: Drawer = () =>
  `<circle cx="120" cy="96" r="52" fill="#fff" stroke="#111827" stroke-width="3"/>
<polygon points="${star(120, 96, 17, 17, 5)
    .split(' ')
    .filter((_, i) => i % 2 === 0)
    .join(' ')}" fill="#111827"/>
<g stroke="#111827" stroke-width="3">${[0, 1, 2, 3, 4]
    .map((i) => {
      const a = ((-90 + i * 72) * Math.PI) / 180;
      return `<line x1="${(120 + 17 * Math.cos(a)).toFixed(1)}" y1="${(96 + 17 * Math.sin(a)).toFixed(1)}" x2="${(120 + 38 * Math.cos(a)).toFixed(1)}" y2="${(96 + 38 * Math.sin(a)).toFixed(1)}"/>`;
    })
    .join('')}</g>
<g fill="#111827">${[0, 1, 2, 3, 4]
    .map((i) => {
      const a = ((-90 + i * 72) * Math.PI) / 180;
      return `<circle cx="${(120 + 48 * Math.cos(a)).toFixed(1)}" cy="${(96 + 48 * Math.sin(a)).toFixed(1)}" r="11"/>`;
    })
    .join('')}</g>
<circle cx="120" cy="96" r="52" fill="none" stroke="#111827" stroke-width="3"/>
<ellipse cx="100" cy="70" rx="14" ry="8" fill="#fff" opacity=".35" transform="rotate(-30 100 70)"/>`;

const basketball: Drawer = () =>
  `<circle cx="120" cy="96" r="52" fill="#ea580c" stroke="#7c2d12" stroke-width="3"/>
<path d="M120 44V148M68 96H172M84 58Q108 96 84 134M156 58Q132 96 156 134" stroke="#7c2d12" stroke-width="3.5" fill="none"/>
<ellipse cx="98" cy="70" rx="14" ry="8" fill="#fff" opacity=".25" transform="rotate(-30 98 70)"/>`;

const tennis: Drawer = () =>
  `<circle cx="120" cy="96" r="48" fill="#bef264" stroke="#4d7c0f" stroke-width="2"/>
<path d="M80 68Q112 96 80 126M160 68Q128 96 160 126" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round"/>`;

const volleyball: Drawer = () =>
  `<circle cx="120" cy="96" r="50" fill="#fff" stroke="#1e3a8a" stroke-width="3"/>
<path d="M120 96Q150 70 146 50A50 50 0 0 1 170 100Q146 86 120 96Z" fill="#facc15"/>
<path d="M120 96Q118 130 96 142A50 50 0 0 1 72 110Q100 118 120 96Z" fill="#2563eb"/>
<path d="M120 96Q150 70 146 50M120 96Q118 130 96 142M120 96Q96 76 78 70" stroke="#1e3a8a" stroke-width="3" fill="none"/>`;

const glove: Drawer = () =>
  `<path d="M86 68Q86 40 118 40H140Q164 40 164 70V104Q164 126 142 130H104Q84 130 84 108Z" fill="#dc2626" stroke="#7f1d1d" stroke-width="3"/>
<path d="M84 92Q70 90 70 76Q70 62 86 64" fill="#b91c1c" stroke="#7f1d1d" stroke-width="3"/>
<rect x="96" y="128" width="56" height="26" rx="6" fill="#fff" stroke="#9ca3af" stroke-width="2"/>
<path d="M108 56Q120 50 132 56" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round" opacity=".6"/>`;

const trophy: Drawer = () =>
  `<path d="M84 44H156V70Q156 112 120 116Q84 112 84 70Z" fill="url(#gold)" stroke="#78350f" stroke-width="2.5"/>
<path d="M84 54H66Q62 84 90 90M156 54H174Q178 84 150 90" stroke="url(#gold)" stroke-width="7" fill="none"/>
<rect x="112" y="114" width="16" height="18" fill="url(#gold)"/><rect x="94" y="130" width="52" height="16" rx="3" fill="#78350f"/>
<polygon points="${star(120, 76, 15, 6)}" fill="#fff" opacity=".85"/>`;

const controller: Drawer = (p) =>
  `<path d="M72 74Q80 58 100 62H140Q160 58 168 74L182 120Q186 138 168 138Q158 138 148 122H92Q82 138 72 138Q54 138 58 120Z" fill="#1f2937" stroke="${p[2]}" stroke-width="3"/>
<path d="M88 86V106M78 96H98" stroke="${p[2]}" stroke-width="7" stroke-linecap="round"/>
<circle cx="146" cy="88" r="6" fill="#22c55e"/><circle cx="158" cy="100" r="6" fill="#ef4444"/><circle cx="134" cy="100" r="6" fill="#3b82f6"/><circle cx="146" cy="112" r="6" fill="#facc15"/>`;

function fishBody(p: Palette, shark: boolean, reticle = true) {
  const body = shark ? '#64748b' : p[2];
  const fin = shark ? '#475569' : '#f97316';
  const sight = `<circle cx="120" cy="98" r="64" fill="none" stroke="#fff" stroke-width="2" opacity=".45" stroke-dasharray="10 8"/>
<path d="M60 98H76M164 98H180M120 34V50M120 146V162" stroke="#fff" stroke-width="3" opacity=".6"/>`;
  return `${reticle ? sight : ''}
<path d="M156 98L186 72Q180 98 186 124Z" fill="${fin}"/>
<path d="M${shark ? '108 62L128 40L136 68' : '104 70Q120 50 140 72'}Z" fill="${fin}"/>
<ellipse cx="112" cy="98" rx="52" ry="30" fill="${body}" stroke="#0f172a" stroke-width="2"/>
${shark ? '<path d="M70 108Q80 116 92 110" stroke="#fff" stroke-width="3" fill="none"/><path d="M96 84V112M104 84V112" stroke="#334155" stroke-width="2"/>' : `<path d="M104 80Q112 98 104 116M120 78Q128 98 120 118M136 80Q144 98 136 116" stroke="${p[1]}" stroke-width="2.5" fill="none" opacity=".7"/>`}
<circle cx="80" cy="92" r="8" fill="#fff"/><circle cx="78" cy="92" r="4" fill="#0f172a"/>
<circle cx="64" cy="52" r="6" fill="none" stroke="#fff" stroke-width="2" opacity=".7"/><circle cx="52" cy="70" r="4" fill="none" stroke="#fff" stroke-width="2" opacity=".6"/><circle cx="74" cy="36" r="3" fill="none" stroke="#fff" stroke-width="2" opacity=".5"/>`;
}
const fish: Drawer = (p) => fishBody(p, false);
const shark: Drawer = (p) => fishBody(p, true);

const octopus: Drawer = () =>
  `<path d="M78 96Q78 44 120 44Q162 44 162 96Q162 110 150 116H90Q78 110 78 96Z" fill="#a855f7" stroke="#581c87" stroke-width="2.5"/>
${[84, 100, 116, 132, 148]
  .map(
    (x, i) =>
      `<path d="M${x} 114Q${x + (i % 2 ? 12 : -12)} 136 ${x + (i % 2 ? -4 : 4)} 156" stroke="#a855f7" stroke-width="10" fill="none" stroke-linecap="round"/>`,
  )
  .join('')}
<circle cx="106" cy="86" r="9" fill="#fff"/><circle cx="134" cy="86" r="9" fill="#fff"/><circle cx="108" cy="88" r="4.5" fill="#111827"/><circle cx="136" cy="88" r="4.5" fill="#111827"/>`;

const mahjong: Drawer = () => {
  const tile = (x: number, y: number, angle: number, dots: [number, number, string][]) =>
    `<g transform="translate(${x} ${y}) rotate(${angle})"><rect x="-28" y="-38" width="56" height="80" rx="8" fill="#15803d"/><rect x="-28" y="-42" width="56" height="78" rx="8" fill="#fffbeb" stroke="#d6d3d1" stroke-width="1.5"/>${dots
      .map(([dx, dy, c]) => `<circle cx="${dx}" cy="${dy}" r="8" fill="none" stroke="${c}" stroke-width="4"/>`)
      .join('')}</g>`;
  return `${tile(96, 100, -10, [
    [-10, -22, '#2563eb'],
    [10, -2, '#dc2626'],
    [-10, 18, '#15803d'],
  ])}${tile(146, 100, 10, [
    [-10, -22, '#dc2626'],
    [10, -22, '#2563eb'],
    [-10, 18, '#2563eb'],
    [10, 18, '#dc2626'],
  ])}`;
};

const cardFan: Drawer = (p, rnd) => {
  const rank = rnd.pick(RANKS);
  const pair = rnd.next() < 0.5;
  return (
    `${card(88, 100, -22, pair ? rank : rnd.pick(RANKS), 'spade')}${card(120, 92, 0, rank, 'heart')}` +
    `${card(152, 100, 22, pair ? rank : rnd.pick(RANKS), rnd.pick(SUITS))}` +
    `${chip(74, 146, 15, p[1])}${chip(166, 146, 15, rnd.pick(['#111827', '#1d4ed8', '#15803d']))}`
  );
};

const rocket: Drawer = (p) =>
  `<path d="M36 150Q120 146 170 58" stroke="${p[2]}" stroke-width="5" fill="none" stroke-linecap="round" stroke-dasharray="2 10"/>
<g transform="translate(170 58) rotate(45)">
<path d="M-10 26L0 48L10 26Z" fill="#f97316"/><path d="M-6 26L0 40L6 26Z" fill="#fde047"/>
<path d="M0-34Q18-14 14 26H-14Q-18-14 0-34Z" fill="#f8fafc" stroke="#334155" stroke-width="2"/>
<path d="M-14 10L-24 30L-12 26ZM14 10L24 30L12 26Z" fill="#ef4444" stroke="#7f1d1d" stroke-width="1.5"/>
<circle cx="0" cy="-6" r="7" fill="#38bdf8" stroke="#334155" stroke-width="2"/></g>
<text x="60" y="70" font-family="${FONT}" font-size="26" font-weight="900" fill="#fff" opacity=".9">x2.47</text>`;

const pegs: Drawer = (p) => {
  const dots: string[] = [];
  for (let row = 0; row < 6; row++) {
    for (let i = 0; i <= row + 1; i++)
      dots.push(`<circle cx="${120 - (row + 1) * 12 + i * 24}" cy="${46 + row * 17}" r="3.5" fill="#fff"/>`);
  }
  const buckets = ['#ef4444', '#f59e0b', '#22c55e', '#22c55e', '#f59e0b', '#ef4444']
    .map((c, i) => `<rect x="${46 + i * 25}" y="152" width="22" height="12" rx="3" fill="${c}"/>`)
    .join('');
  return `${dots.join('')}${buckets}<circle cx="132" cy="96" r="8" fill="url(#gold)" stroke="${p[0]}" stroke-width="1.5"/>`;
};

const gemsGrid: Drawer = () => {
  const cells: string[] = [];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      const x = 70 + c * 36;
      const y = 48 + r * 36;
      const bomb = r === 1 && c === 2;
      const open = (r + c) % 2 === 0 || bomb;
      cells.push(
        `<rect x="${x}" y="${y}" width="32" height="32" rx="7" fill="${open ? '#0f172a' : '#334155'}" stroke="#fff3"/>`,
      );
      if (bomb) {
        cells.push(
          `<circle cx="${x + 16}" cy="${y + 18}" r="9" fill="#ef4444"/><path d="M${x + 20} ${y + 10}L${x + 25} ${y + 5}" stroke="#fde047" stroke-width="3"/>`,
        );
      } else if (open) {
        cells.push(
          `<polygon points="${x + 16},${y + 27} ${x + 6},${y + 14} ${x + 11},${y + 7} ${x + 21},${y + 7} ${x + 26},${y + 14}" fill="#34d399" stroke="#065f46" stroke-width="1.2"/>`,
        );
      }
    }
  }
  return cells.join('');
};

const hiLo: Drawer = (p) =>
  `${card(120, 98, 0, 'Q', 'heart')}
<path d="M172 82L186 62L200 82Z" fill="#22c55e" stroke="#fff" stroke-width="2"/><path d="M172 114L186 134L200 114Z" fill="#ef4444" stroke="#fff" stroke-width="2"/>
<path d="M40 82L54 62L68 82Z" fill="${p[2]}" opacity=".5"/><path d="M40 114L54 134L68 114Z" fill="${p[2]}" opacity=".5"/>`;

const keno: Drawer = (p) => {
  const balls: string[] = [];
  const lit = new Set([1, 6, 8, 13, 15]);
  for (let i = 0; i < 16; i++) {
    const x = 69 + (i % 4) * 34;
    const y = 46 + Math.floor(i / 4) * 30;
    balls.push(
      `<circle cx="${x}" cy="${y}" r="13" fill="${lit.has(i) ? 'url(#gold)' : '#ffffff30'}" stroke="${lit.has(i) ? '#78350f' : '#fff6'}"/>` +
        `<text x="${x}" y="${y + 5}" text-anchor="middle" font-family="${FONT}" font-size="13" font-weight="800" fill="${lit.has(i) ? p[0] : '#fff'}">${i * 5 + 3}</text>`,
    );
  }
  return balls.join('');
};

const coins: Drawer = () =>
  `<ellipse cx="100" cy="104" rx="40" ry="40" fill="url(#gold)" stroke="#78350f" stroke-width="3"/><ellipse cx="100" cy="104" rx="30" ry="30" fill="none" stroke="#78350f" stroke-width="2" opacity=".6"/>
<polygon points="${star(100, 104, 16, 7)}" fill="#fff7" stroke="#78350f"/>
<ellipse cx="156" cy="82" rx="12" ry="36" fill="url(#gold)" stroke="#78350f" stroke-width="3" transform="rotate(20 156 82)"/>`;

const tower: Drawer = (p) =>
  `${[0, 1, 2, 3, 4]
    .map((i) => {
      const w = 120 - i * 18;
      return `<rect x="${120 - w / 2}" y="${140 - i * 22}" width="${w}" height="20" rx="5" fill="${i % 2 ? p[2] : 'url(#gold)'}" stroke="#0004"/>`;
    })
    .join('')}<polygon points="${star(120, 30, 14, 6)}" fill="#fde047" stroke="#a16207"/>`;

const bubbles: Drawer = (p) =>
  [
    [96, 92, 34],
    [150, 72, 22],
    [146, 126, 18],
    [70, 140, 12],
    [180, 110, 10],
  ]
    .map(
      ([x, y, r]) =>
        `<circle cx="${x}" cy="${y}" r="${r}" fill="${p[2]}" fill-opacity=".25" stroke="#fff" stroke-width="3"/><ellipse cx="${(x ?? 0) - (r ?? 0) * 0.35}" cy="${(y ?? 0) - (r ?? 0) * 0.4}" rx="${(r ?? 0) * 0.25}" ry="${(r ?? 0) * 0.15}" fill="#fff" opacity=".8"/>`,
    )
    .join('');

const puffer: Drawer = () =>
  `${Array.from({ length: 14 }, (_, i) => {
    const a = (i * 2 * Math.PI) / 14;
    return `<path d="M${(120 + 40 * Math.cos(a)).toFixed(1)} ${(98 + 40 * Math.sin(a)).toFixed(1)}L${(120 + 56 * Math.cos(a)).toFixed(1)} ${(98 + 56 * Math.sin(a)).toFixed(1)}" stroke="#ca8a04" stroke-width="4" stroke-linecap="round"/>`;
  }).join('')}<circle cx="120" cy="98" r="44" fill="#fde047" stroke="#a16207" stroke-width="3"/>
<circle cx="104" cy="88" r="9" fill="#fff"/><circle cx="106" cy="89" r="4.5" fill="#111827"/><circle cx="136" cy="88" r="9" fill="#fff"/><circle cx="138" cy="89" r="4.5" fill="#111827"/><ellipse cx="120" cy="114" rx="8" ry="5" fill="#f97316"/>`;

const ticket: Drawer = (p) =>
  `<g transform="rotate(-8 120 98)"><rect x="52" y="52" width="136" height="92" rx="10" fill="#fff" stroke="${p[0]}" stroke-width="3"/>
<rect x="64" y="64" width="112" height="68" rx="6" fill="#cbd5e1"/>
<path d="M64 110Q90 80 120 104T176 84V132H64Z" fill="url(#gold)"/>
<text x="120" y="124" text-anchor="middle" font-family="${FONT}" font-size="22" font-weight="900" fill="${p[0]}">WIN</text></g>`;

const horseshoe: Drawer = () =>
  `<path d="M84 150Q62 96 84 62Q100 40 120 40Q140 40 156 62Q178 96 156 150L138 148Q152 100 140 76Q132 62 120 62Q108 62 100 76Q88 100 102 148Z" fill="url(#gold)" stroke="#78350f" stroke-width="2.5"/>
${[
  [80, 120],
  [76, 96],
  [84, 72],
  [160, 120],
  [164, 96],
  [156, 72],
]
  .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3.5" fill="#78350f"/>`)
  .join('')}`;

/** The symbol of a title's engine family (server/src/sandbox/provider/games/titles.ts): what the game is. */
const FAMILY_SYMBOLS: Record<string, Drawer> = {
  baccarat: cards,
  lucky9: cards,
  dragonTiger: cards,
  andarBahar: cards,
  blackjack: cardFan,
  videoPoker: cardFan,
  dealerPoker: cardFan,
  hiLo: hiLo,
  roulette,
  moneyWheel,
  colorGame: colorDice,
  sicBo: dice,
  fanTan: coins,
  crash: rocket,
  limbo: rocket,
  dice,
  coinFlip: coins,
  mines: gemsGrid,
  tower,
  plinko: pegs,
  keno,
  scratch: ticket,
  race: horseshoe,
};

/**
 * Per type: the first rule whose words appear in the name (a theme: a shark, a basketball, a puffer
 * fish), else the symbol of the title's family, else the type's symbol.
 */
const SYMBOLS: Record<SeedGame['type'], { rules: [RegExp, Drawer][]; fallback: Drawer }> = {
  slot: { rules: EMBLEM_RULES.map(([pattern, emblem]) => [pattern, emblemSlot(emblem)]), fallback: reels },
  live: {
    rules: [
      [/roulette/, roulette],
      [/wheel/, moneyWheel],
      [/color game/, colorDice],
      [/sic bo|dice|fan tan/, dice],
    ],
    fallback: cards,
  },
  sports: {
    rules: [
      [/hoops|basketball/, basketball],
      [/football/, football],
      [/tennis/, tennis],
      [/volleyball/, volleyball],
      [/boxing/, glove],
      [/esports/, controller],
    ],
    fallback: trophy,
  },
  fish: {
    rules: [
      [/shark|hunter/, shark],
      [/kraken|abyss/, octopus],
    ],
    fallback: fish,
  },
  poker: { rules: [[/mahjong|pai gow/, mahjong]], fallback: cardFan },
  arcade: {
    rules: [
      [/crash|rocket|limbo|launch/, rocket],
      [/peg/, pegs],
      [/mines/, gemsGrid],
      [/dice/, dice],
      [/hi-lo/, hiLo],
      [/keno/, keno],
      [/wheel/, moneyWheel],
      [/coin/, coins],
      [/tower/, tower],
      [/bubble|jellyfish|reef/, bubbles],
      [/puffer/, puffer],
      [/scratch/, ticket],
      [/derby|karera/, horseshoe],
    ],
    fallback: controller,
  },
};

// ------------------------------------------------------------------------------------------ thumbnail

/** The name in one or two lines, sized to fit 216 px. */
function title(name: string) {
  const words = name.split(' ');
  let lines = [name];
  if (name.length > 13 && words.length > 1) {
    let best = [name, ''];
    let bestWidth = Number.POSITIVE_INFINITY;
    for (let i = 1; i < words.length; i++) {
      const split = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
      const width = Math.max(split[0]?.length ?? 0, split[1]?.length ?? 0);
      if (width < bestWidth) {
        best = split;
        bestWidth = width;
      }
    }
    lines = best;
  }
  const longest = Math.max(...lines.map((l) => l.length));
  const size = Math.max(15, Math.min(26, Math.floor(216 / (longest * 0.62))));
  const baseline = lines.length === 1 ? 214 : 198;
  return lines
    .map(
      (line, i) =>
        `<text x="120" y="${baseline + i * (size + 3)}" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="900" fill="#fff" stroke="#000" stroke-opacity=".45" stroke-width="4" stroke-linejoin="round" paint-order="stroke">${esc(line)}</text>`,
    )
    .join('\n');
}

function thumbnail(game: SeedGame): string {
  const rnd = randomFor(game.code);
  const p = paletteFor(game, rnd);
  const lower = game.name.toLowerCase();
  const symbols = SYMBOLS[game.type];
  const family = TITLES.get(game.code)?.family ?? '';
  const draw =
    symbols.rules.find(([pattern]) => pattern.test(lower))?.[1] ?? FAMILY_SYMBOLS[family] ?? symbols.fallback;
  const sparkles = Array.from({ length: 6 }, () =>
    sparkle(14 + rnd.next() * 212, 10 + rnd.next() * 150, 3 + rnd.next() * 5, 0.35 + rnd.next() * 0.5),
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img" aria-label="${esc(game.name)}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${p[1]}"/><stop offset="1" stop-color="${p[0]}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.4" r="0.5"><stop offset="0" stop-color="${p[2]}" stop-opacity=".75"/><stop offset="1" stop-color="${p[2]}" stop-opacity="0"/></radialGradient>
<linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fef3c7"/><stop offset=".45" stop-color="#fbbf24"/><stop offset="1" stop-color="#b45309"/></linearGradient>
<linearGradient id="reel" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d1d5db"/><stop offset=".5" stop-color="#fff"/><stop offset="1" stop-color="#d1d5db"/></linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".7"/></linearGradient>
</defs>
<rect width="240" height="240" fill="url(#bg)"/>
${sunburst(120, 96, 14)}
<circle cx="120" cy="96" r="100" fill="url(#glow)"/>
${sparkles}
${draw(p, rnd)}
<rect width="240" height="240" fill="url(#shade)"/>
${title(game.name)}
</svg>
`;
}

// ------------------------------------------------------------------------------------------ provider logos

/** Each provider's mark (drawn in a 48x48 box at the left) and colours: [background, text, accent]. */
const LOGOS: Record<string, { colours: [string, string, string]; mark: string }> = {
  demo: {
    colours: ['#0f172a', '#f8fafc', '#f59e0b'],
    mark: '<path d="M8 24L24 10L40 24V40H8Z" fill="#f59e0b"/><path d="M24 18C21 22 17 24 17 28c0 3 4 4 6 2l-2 5h6l-2-5c2 2 6 1 6-2 0-4-4-6-7-10z" fill="#0f172a"/>',
  },
  aurora: {
    colours: ['#052e2b', '#ecfeff', '#2dd4bf'],
    mark: '<path d="M6 34Q16 8 26 22T42 12" stroke="#2dd4bf" stroke-width="5" fill="none" stroke-linecap="round"/><path d="M6 40Q18 20 28 32T42 24" stroke="#a78bfa" stroke-width="4" fill="none" stroke-linecap="round"/>',
  },
  sampaguita: {
    colours: ['#14532d', '#f0fdf4', '#ffffff'],
    mark: `${[0, 72, 144, 216, 288].map((a) => `<ellipse cx="24" cy="13" rx="6" ry="10" fill="#fff" transform="rotate(${a} 24 24)"/>`).join('')}<circle cx="24" cy="24" r="5" fill="#facc15"/>`,
  },
  jade: {
    colours: ['#064e3b', '#ecfdf5', '#34d399'],
    mark: '<rect x="21" y="4" width="6" height="5" fill="#fbbf24"/><ellipse cx="24" cy="22" rx="14" ry="13" fill="#34d399"/><path d="M24 9V35M14 13Q24 22 14 31M34 13Q24 22 34 31" stroke="#065f46" stroke-width="2" fill="none"/><rect x="19" y="35" width="10" height="4" fill="#fbbf24"/><path d="M24 39V46" stroke="#ef4444" stroke-width="3"/>',
  },
  velvet: {
    colours: ['#4c0519', '#fff1f2', '#fb7185'],
    mark: '<path d="M6 10H16L24 32L32 10H42L28 42H20Z" fill="#fb7185"/><circle cx="24" cy="6" r="3.5" fill="#fbbf24"/>',
  },
  bituin: {
    colours: ['#1e3a8a', '#eff6ff', '#facc15'],
    mark: `<polygon points="${star(24, 24, 20, 8, 8, -90)}" fill="#facc15"/><circle cx="24" cy="24" r="6" fill="#1e3a8a"/>`,
  },
  carta: {
    colours: ['#111827', '#f9fafb', '#ef4444'],
    mark: '<rect x="6" y="10" width="22" height="30" rx="4" fill="#f9fafb" transform="rotate(-12 17 25)"/><rect x="20" y="8" width="22" height="30" rx="4" fill="#ef4444" transform="rotate(10 31 23)"/><path d="M31 16c-3 4-7 6-7 9 0 2 3 3 5 1l-1 4h6l-1-4c2 2 5 1 5-1 0-3-4-5-7-9z" fill="#f9fafb" transform="rotate(10 31 23)"/>',
  },
  deepblue: {
    colours: ['#082f49', '#f0f9ff', '#38bdf8'],
    mark: '<path d="M4 30Q12 22 20 30T36 30T44 30V44H4Z" fill="#38bdf8"/><circle cx="30" cy="12" r="6" fill="none" stroke="#bae6fd" stroke-width="3"/><circle cx="18" cy="16" r="3.5" fill="none" stroke="#bae6fd" stroke-width="2.5"/>',
  },
  neon: {
    colours: ['#1e1b4b', '#fdf4ff', '#e879f9'],
    mark: '<path d="M28 4L10 28H22L18 44L38 18H26Z" fill="#e879f9" stroke="#67e8f9" stroke-width="2" stroke-linejoin="round"/>',
  },
  monsoon: {
    colours: ['#0c4a6e', '#f0f9ff', '#7dd3fc'],
    mark: '<path d="M12 26Q4 26 6 18Q8 12 15 13Q18 4 28 6Q36 8 36 15Q44 15 43 22Q42 26 36 26Z" fill="#e0f2fe"/><path d="M14 32L11 40M24 32L21 42M34 32L31 40" stroke="#7dd3fc" stroke-width="3.5" stroke-linecap="round"/>',
  },
};

function logo(provider: { code: string; name: string }) {
  const spec = LOGOS[provider.code];
  if (!spec) throw new Error(`No logo design for provider ${provider.code}: add one to LOGOS`);
  const [bg, text, accent] = spec.colours;
  const [first, ...rest] = provider.name.split(' ');
  const size = provider.name.length > 15 ? 15 : 17;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 56" width="200" height="56" role="img" aria-label="${esc(provider.name)}">
<rect width="200" height="56" rx="12" fill="${bg}"/>
<g transform="translate(6 4)">${spec.mark}</g>
<text x="60" y="${rest.length ? 26 : 35}" font-family="${FONT}" font-size="${size + 3}" font-weight="900" letter-spacing=".5" fill="${text}">${esc(first ?? '')}</text>
${rest.length ? `<text x="60" y="45" font-family="${FONT}" font-size="${size - 4}" font-weight="700" letter-spacing="2.5" fill="${accent}">${esc(rest.join(' ').toUpperCase())}</text>` : ''}
</svg>
`;
}

const gamesDir = join(root, 'server', 'public', 'games');
const providersDir = join(root, 'server', 'public', 'providers');
mkdirSync(gamesDir, { recursive: true });
mkdirSync(providersDir, { recursive: true });
for (const game of games) writeFileSync(join(gamesDir, `${game.code}.svg`), thumbnail(game));
for (const provider of providers) writeFileSync(join(providersDir, `${provider.code}.svg`), logo(provider));
console.log(`wrote ${games.length} thumbnails to ${gamesDir} and ${providers.length} logos to ${providersDir}`);
