import { KIT_EN, KIT_VI } from './kit-strings';
import { money } from './money';
import { data, gameData } from './page-data';
import type { Vars } from './types';

const strings: Record<'en-US' | 'vi-VN', Record<string, string>> = { 'en-US': {}, 'vi-VN': {} };

/** Adds labels in both languages; a key missing from one is reported in the console. */
export function addStrings(en: Record<string, string>, vn: Record<string, string>) {
  Object.assign(strings['en-US'], en);
  Object.assign(strings['vi-VN'], vn);
  for (const key of Object.keys(en)) if (!(key in vn)) console.warn(`vi-VN string missing: ${key}`);
  for (const key of Object.keys(vn)) if (!(key in en)) console.warn(`en-US string missing: ${key}`);
}

/** A label in the player's language; {name} placeholders are filled from vars. */
export function t(key: string, vars?: Vars): string {
  const text = strings[data.language][key] ?? strings['en-US'][key] ?? key;
  // {maxWin} is the title's maximum win per round wherever a text names it (the rules sheets' stake line).
  const all: Vars = { maxWin: money(gameData.maxWin ?? 0), ...vars };
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in all ? String(all[name]) : m));
}

addStrings(KIT_EN, KIT_VI);
