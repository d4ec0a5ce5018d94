/**
 * What the server wrote into the page (page.ts): #game's data attributes and the #game-data JSON (the
 * family, the title, its rules, the RTP, the maximum win and the player's seeds). Read once.
 */
import type { SeedPair, TitleInfo } from './types';

export interface GameData {
  family?: string;
  kind?: string;
  titleInfo?: TitleInfo;
  rules?: unknown;
  rtp?: number;
  maxWin?: number;
  seeds?: Seeds | null;
}

/** The player's seeds (or, on a shared table or crash, the table's), as /seeds answers them. */
export interface Seeds extends Partial<SeedPair> {
  roundOpen?: boolean;
  previous?: RevealedPair | null;
  table?: {
    round?: number;
    serverSeedHash?: string;
    last?: (RevealedPair & { round: number; result: string; facts?: unknown }) | null;
  };
}

export interface RevealedPair {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export const root = document.getElementById('game');

export const data = {
  game: root?.dataset.game || '',
  session: root?.dataset.session || '',
  nickname: root?.dataset.nickname || '',
  language: (root?.dataset.language === 'vi-VN' ? 'vi-VN' : 'en-US') as 'en-US' | 'vi-VN',
  title: root?.dataset.title || document.title,
};

export const gameData: GameData = (() => {
  try {
    return JSON.parse(document.getElementById('game-data')?.textContent || '{}') as GameData;
  } catch {
    return {};
  }
})();

export const vi = data.language === 'vi-VN';
