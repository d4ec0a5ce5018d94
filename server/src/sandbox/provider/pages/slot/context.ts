/**
 * What the slot page's modules share: the kit, the configuration the server pays from (Game.rules narrowed
 * once), and the symbol lookups.
 */
import type { SlotConfig, SlotSymbol } from '../../games/slot';
import type { GameKit } from '../kit/game';

export interface SlotPage {
  G: GameKit;
  R: SlotConfig;
  byId: Readonly<Record<string, SlotSymbol>>;
  /** A symbol's name in the player's language (its id when unknown). */
  symName(id: string): string;
  /** Ways a ways machine pays on (rows ^ reels); 0 on a lines machine. */
  ways: number;
  /** A win in coins to centavos for this stake. */
  coinsToMoney(stake: number, coins: number): number;
}

/** Game.rules as a slot configuration, or null when it is not one (the page then says it failed). */
export function slotRules(rules: unknown): SlotConfig | null {
  if (!rules || typeof rules !== 'object') return null;
  return Array.isArray((rules as Partial<SlotConfig>).symbols) ? (rules as SlotConfig) : null;
}

export function slotPage(G: GameKit, R: SlotConfig): SlotPage {
  const byId: Record<string, SlotSymbol> = Object.fromEntries(R.symbols.map((s) => [s.id, s]));
  return {
    G,
    R,
    byId,
    symName: (id) => byId[id]?.name[G.vi ? 1 : 0] ?? id,
    ways: R.lines ? 0 : R.rows ** R.reels,
    coinsToMoney: (stake, coins) => Math.floor((stake * coins) / R.coins),
  };
}
