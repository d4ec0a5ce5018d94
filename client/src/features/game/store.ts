import type { z } from 'zod';
import { create } from 'zustand';
import type { gameMenuSchema } from '../../../../shared/contract/game';

export type GameMenuEntry = z.infer<typeof gameMenuSchema>;

/** Lobby menu state of spec section 3: gameMenu and activeGameMenu. */
interface GameState {
  gameMenu: GameMenuEntry[];
  activeGameMenu: string;
  menuStatus: 'idle' | 'loading' | 'ready' | 'error';
  setMenu(menu: GameMenuEntry[]): void;
  setMenuStatus(status: GameState['menuStatus']): void;
  setActive(code: string): void;
}

export const useGameStore = create<GameState>((set, get) => ({
  gameMenu: [],
  activeGameMenu: 'default',
  menuStatus: 'idle',
  setMenu: (gameMenu) =>
    set({
      gameMenu,
      menuStatus: 'ready',
      activeGameMenu: gameMenu.some((m) => m.code === get().activeGameMenu)
        ? get().activeGameMenu
        : (gameMenu[0]?.code ?? 'default'),
    }),
  setMenuStatus: (menuStatus) => set({ menuStatus }),
  setActive: (activeGameMenu) => set({ activeGameMenu }),
}));
