/**
 * The width of the dashboard's cards (spec doc 2 §9: a slider from 250 to 768 px in steps of 2,
 * stored locally), kept in localStorage under `vigil-topology-card-width`. A missing or tampered
 * value reads as the default.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { clampCardWidth, DEFAULT_CARD_WIDTH } from './topology-params';

export const CARD_WIDTH_STORAGE_KEY = 'vigil-topology-card-width';

interface CardWidthState {
  width: number;
  setWidth: (width: number) => void;
}

export const useCardWidth = create<CardWidthState>()(
  persist(
    (set) => ({
      width: DEFAULT_CARD_WIDTH,
      setWidth: (width) => set({ width: clampCardWidth(width) }),
    }),
    {
      name: CARD_WIDTH_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ width: state.width }),
      merge: (stored, current) => ({
        ...current,
        width: clampCardWidth((stored as Partial<CardWidthState> | undefined)?.width),
      }),
    },
  ),
);
