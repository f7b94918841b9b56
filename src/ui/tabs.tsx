/**
 * Tabs over Headless UI (roving focus with arrow keys, `tablist`/`tab`/`tabpanel` roles).
 * Controlled by id so the selection can live in the URL; only the selected panel renders.
 */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cx } from '../lib/class-names';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** A count shown next to the label. */
  count?: number;
}

export interface TabsProps {
  items: readonly TabItem[];
  selectedId: string;
  onChange: (id: string) => void;
  /** The selected tab's content. */
  children?: ReactNode;
  /** Accessible name of the tab list. */
  label: string;
  className?: string;
}

export function Tabs({ items, selectedId, onChange, children, label, className }: TabsProps) {
  const index = Math.max(
    0,
    items.findIndex((item) => item.id === selectedId),
  );
  return (
    <TabGroup
      selectedIndex={index}
      onChange={(next) => {
        const item = items[next];
        if (item) onChange(item.id);
      }}
      className={className}
    >
      <TabList aria-label={label} className="flex gap-1 overflow-x-auto border-b border-border">
        {items.map((item) => (
          <Tab
            key={item.id}
            className={cx(
              '-mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-fg-muted transition-colors',
              'hover:text-fg data-hover:border-border-strong data-selected:border-primary data-selected:text-fg',
              'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary',
            )}
          >
            {item.label}
            {item.count !== undefined ? (
              <span className="rounded-full bg-surface-sunken px-1.5 text-xs text-fg-muted tabular-nums">
                {item.count}
              </span>
            ) : null}
          </Tab>
        ))}
      </TabList>
      <TabPanels>
        {items.map((item) => (
          <TabPanel key={item.id} unmount className="focus:outline-none">
            {item.id === items[index]?.id ? children : null}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
