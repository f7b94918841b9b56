/** Sidebar state: the collapsed flag is persisted (spec doc 1 §2). */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface SidebarState {
  collapsed: boolean;
  setCollapsed(collapsed: boolean): void;
  toggle(): void;
}

export const useSidebarStore = create<SidebarState>()(
  persist(
    (set) => ({
      collapsed: false,
      setCollapsed: (collapsed) => set({ collapsed }),
      toggle: () => set((state) => ({ collapsed: !state.collapsed })),
    }),
    { name: 'vigil-sidebar', partialize: (state) => ({ collapsed: state.collapsed }) },
  ),
);
