import type { z } from 'zod';
import { create } from 'zustand';
import type { DataOf } from '../../../../shared/contract/define';
import type { letterSchema, letterTypes } from '../../../../shared/contract/record';
import type { Reward } from '../../../../shared/contract/reward';
import { claimLetter } from './api/claim-letter';
import { deleteLetter, deleteReadLetters } from './api/delete-letters';
import { getLetterTypes } from './api/get-letter-types';
import { getLetters } from './api/get-letters';
import { readLetter } from './api/read-letter';

export type Letter = z.infer<typeof letterSchema>;
export type LetterType = DataOf<typeof letterTypes>[number];

/** The inbox screen: the filter, the loaded pages of letters, and the player's actions on them. */
interface InboxState {
  type: string | null;
  status: 'loading' | 'success' | 'error';
  error: Error | null;
  letters: Letter[];
  total: number;
  page: number;
  loadingMore: boolean;
  types: LetterType[];
  load(type: string | null): Promise<void>;
  /** Loads the first page again in the background, keeping the list on screen (a new letter arrived). */
  refresh(): Promise<void>;
  loadMore(): Promise<void>;
  /** Marks a letter read; resolves to the unread count left (null when it was read already). */
  read(id: number): Promise<number | null>;
  claim(id: number): Promise<Reward[]>;
  remove(id: number): Promise<void>;
  removeAllRead(): Promise<number>;
}

let generation = 0;

export const useInboxStore = create<InboxState>((set, get) => {
  const loadTypes = () =>
    getLetterTypes().then(
      (types) => set({ types }),
      () => {},
    );
  const patch = (id: number, change: Partial<Letter>) =>
    set((s) => ({ letters: s.letters.map((l) => (l.id === id ? { ...l, ...change } : l)) }));
  const wasRead = (type: string) =>
    set((s) => ({ types: s.types.map((t) => (t.type === type ? { ...t, unread: Math.max(0, t.unread - 1) } : t)) }));

  return {
    type: null,
    status: 'loading',
    error: null,
    letters: [],
    total: 0,
    page: 1,
    loadingMore: false,
    types: [],

    async load(type) {
      const mine = ++generation;
      set({ type, status: 'loading', error: null, letters: [], total: 0, page: 1 });
      void loadTypes();
      try {
        const data = await getLetters({ type: type ?? undefined });
        if (mine === generation) set({ status: 'success', letters: data.list, total: data.total, page: 1 });
      } catch (error) {
        if (mine === generation)
          set({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
      }
    },

    async refresh() {
      const { type, status } = get();
      if (status !== 'success') return get().load(type);
      const mine = ++generation;
      void loadTypes();
      try {
        const data = await getLetters({ type: type ?? undefined });
        if (mine === generation) set({ letters: data.list, total: data.total, page: 1 });
      } catch {
        // the list on screen stays; the next refresh tries again
      }
    },

    async loadMore() {
      const { type, page, loadingMore, letters, total } = get();
      if (loadingMore || letters.length >= total) return;
      set({ loadingMore: true });
      const mine = generation;
      try {
        const data = await getLetters({ type: type ?? undefined, page: page + 1 });
        if (mine !== generation) return;
        const known = new Set(get().letters.map((l) => l.id));
        set((s) => ({
          letters: [...s.letters, ...data.list.filter((l) => !known.has(l.id))],
          total: data.total,
          page: page + 1,
        }));
      } finally {
        set({ loadingMore: false });
      }
    },

    async read(id) {
      const letter = get().letters.find((l) => l.id === id);
      if (!letter || letter.read) return null;
      patch(id, { read: true });
      wasRead(letter.type);
      try {
        return (await readLetter(id)).unread;
      } catch (error) {
        patch(id, { read: false });
        void loadTypes();
        throw error;
      }
    },

    async claim(id) {
      const letter = get().letters.find((l) => l.id === id);
      const { rewards } = await claimLetter(id);
      patch(id, { claimed: true, read: true });
      if (letter && !letter.read) wasRead(letter.type);
      return rewards;
    },

    async remove(id) {
      await deleteLetter(id);
      set((s) => ({ letters: s.letters.filter((l) => l.id !== id), total: Math.max(0, s.total - 1) }));
      void loadTypes();
    },

    async removeAllRead() {
      const { deleted } = await deleteReadLetters();
      await get().refresh();
      return deleted;
    },
  };
});
