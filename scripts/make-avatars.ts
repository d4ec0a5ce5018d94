/**
 * Writes the avatar set to server/public/avatars (committed; run again only to change the art):
 * npx tsx scripts/make-avatars.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const palettes = [
  ['#2563eb', '#93c5fd'],
  ['#db2777', '#f9a8d4'],
  ['#059669', '#6ee7b7'],
  ['#d97706', '#fcd34d'],
  ['#7c3aed', '#c4b5fd'],
  ['#dc2626', '#fca5a5'],
  ['#0891b2', '#67e8f9'],
  ['#4d7c0f', '#bef264'],
  ['#be185d', '#fbcfe8'],
  ['#1e40af', '#fde68a'],
  ['#9333ea', '#f0abfc'],
  ['#0f766e', '#99f6e4'],
] as const;
const skins = ['#f2c9a0', '#d9a066', '#a86b3c', '#f5d5b8'];
const hairs = ['#1f2937', '#5b3a1e', '#111827', '#7c2d12'];

function avatar(index: number): string {
  const [bg, accent] = palettes[index] ?? palettes[0];
  const skin = skins[index % skins.length];
  const hair = hairs[(index * 3) % hairs.length];
  const longHair = index % 2 === 1;
  const smile = index % 3 === 0 ? 'M40 62 Q48 70 56 62' : 'M41 63 Q48 67 55 63';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">
  <rect width="96" height="96" rx="48" fill="${bg}"/>
  <circle cx="48" cy="104" r="36" fill="${accent}"/>
  ${longHair ? `<path d="M24 50 Q22 20 48 18 Q74 20 72 50 L72 72 L24 72 Z" fill="${hair}"/>` : ''}
  <circle cx="48" cy="48" r="20" fill="${skin}"/>
  <path d="M28 44 Q30 24 48 24 Q66 24 68 44 Q58 34 48 36 Q38 34 28 44 Z" fill="${hair}"/>
  <circle cx="41" cy="50" r="2.4" fill="#1f2937"/>
  <circle cx="55" cy="50" r="2.4" fill="#1f2937"/>
  <path d="${smile}" stroke="#7f1d1d" stroke-width="2.2" fill="none" stroke-linecap="round"/>
</svg>
`;
}

const dir = join(import.meta.dirname, '..', 'server', 'public', 'avatars');
mkdirSync(dir, { recursive: true });
for (let i = 0; i < palettes.length; i++) writeFileSync(join(dir, `a${i + 1}.svg`), avatar(i));
console.log(`wrote ${palettes.length} avatars to ${dir}`);
