/**
 * Whether the config details sidebar is open on small screens (on large screens it is always
 * shown beside the content). Kept in localStorage so it stays as the user left it across configs
 * and tabs; bad storage reads as closed.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const CONFIG_SIDEBAR_STORAGE_KEY = 'vigil-config-sidebar';

interface ConfigSidebarState {
  open: boolean;
  toggle: () => void;
}

export const useConfigSidebar = create<ConfigSidebarState>()(
  persist(
    (set) => ({
      open: false,
      toggle: () => set((state) => ({ open: !state.open })),
    }),
    {
      name: CONFIG_SIDEBAR_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ open: state.open }),
      merge: (persisted, current) => ({
        ...current,
        open: (persisted as { open?: unknown } | undefined)?.open === true,
      }),
    },
  ),
);
