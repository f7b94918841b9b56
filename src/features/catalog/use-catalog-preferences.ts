/**
 * The catalog's stored preferences (spec doc 2 §2 "Preferences panel"): 'Hide Deleted Catalog'
 * (default yes; also hides deleted configs' changes and relations) and the favourite config types,
 * which sort first. Kept in localStorage under `vigil-catalog-preferences`; unreadable or tampered
 * storage reads as the defaults.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const CATALOG_PREFERENCES_STORAGE_KEY = 'vigil-catalog-preferences';
/** Favourites kept at most (a pinned list, not a second catalog). */
export const MAX_FAVOURITE_TYPES = 50;

interface CatalogPreferencesState {
  hideDeleted: boolean;
  favouriteTypes: string[];
  setHideDeleted: (hideDeleted: boolean) => void;
  toggleFavouriteType: (type: string) => void;
}

/** The list with `type` added (at the end) or removed. */
export function toggledFavourites(list: readonly string[], type: string): string[] {
  if (list.includes(type)) return list.filter((item) => item !== type);
  return [...list, type].slice(-MAX_FAVOURITE_TYPES);
}

export const useCatalogPreferences = create<CatalogPreferencesState>()(
  persist(
    (set) => ({
      hideDeleted: true,
      favouriteTypes: [],
      setHideDeleted: (hideDeleted) => set({ hideDeleted }),
      toggleFavouriteType: (type) =>
        set((state) => ({ favouriteTypes: toggledFavourites(state.favouriteTypes, type) })),
    }),
    {
      name: CATALOG_PREFERENCES_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({
        hideDeleted: state.hideDeleted,
        favouriteTypes: state.favouriteTypes,
      }),
      merge: (stored, current) => {
        const value = (stored ?? {}) as Partial<CatalogPreferencesState>;
        return {
          ...current,
          hideDeleted: typeof value.hideDeleted === 'boolean' ? value.hideDeleted : true,
          favouriteTypes: Array.isArray(value.favouriteTypes)
            ? value.favouriteTypes
                .filter((item): item is string => typeof item === 'string' && item.length <= 200)
                .slice(0, MAX_FAVOURITE_TYPES)
            : [],
        };
      },
    },
  ),
);

/** Rows with a favourite type first (in their original order otherwise). */
export function favouritesFirst<T>(
  rows: readonly T[],
  typeOf: (row: T) => string | null | undefined,
  favourites: readonly string[],
): T[] {
  if (favourites.length === 0) return [...rows];
  const pinned = new Set(favourites);
  const first: T[] = [];
  const rest: T[] = [];
  for (const row of rows) (pinned.has(typeOf(row) ?? '') ? first : rest).push(row);
  return [...first, ...rest];
}
