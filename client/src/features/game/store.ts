import type { z } from 'zod';
import { create } from 'zustand';
import type { gameMenuSchema } from '../../../../shared/contract/game';

export type GameMenuEntry = z.infer<typeof gameMenuSchema>;

/** The lobby's tabs of the player's own lists (favourites, recently played), after the server's menu. */
export const OWN_TABS: readonly string[] = ['favourites', 'recent'];

/** Lobby menu state of spec section 3: gameMenu and activeGameMenu. */
interface GameState {
  gameMenu: GameMenuEntry[];
  activeGameMenu: string;
  menuStatus: 'idle' | 'loading' | 'ready' | 'error';
  /** The language the menu's names were fetched in ('' before the first load). */
  menuLanguage: string;
  setMenu(menu: GameMenuEntry[], language?: string): void;
  setMenuStatus(status: GameState['menuStatus']): void;
  setActive(code: string): void;
}

export const useGameStore = create<GameState>((set, get) => ({
  gameMenu: [],
  activeGameMenu: 'default',
  menuStatus: 'idle',
  menuLanguage: '',
  setMenu: (gameMenu, menuLanguage = '') =>
    set({
      gameMenu,
      menuLanguage,
      menuStatus: 'ready',
      activeGameMenu:
        gameMenu.some((m) => m.code === get().activeGameMenu) || OWN_TABS.includes(get().activeGameMenu)
          ? get().activeGameMenu
          : (gameMenu[0]?.code ?? 'default'),
    }),
  setMenuStatus: (menuStatus) => set({ menuStatus }),
  setActive: (activeGameMenu) => set({ activeGameMenu }),
}));
