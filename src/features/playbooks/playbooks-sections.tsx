/**
 * The playbooks area's section tabs (spec doc 3 §2.10): Playbooks (the cards grouped by category,
 * /playbooks) and Runs (/playbooks/runs). Each section is a route of its own in the route table,
 * so a first load fetches only the section it shows; a run (/playbooks/runs/{id}) has no tabs.
 */
import { NavTabs } from '../../ui/nav-tabs';
import { playbooksPaths } from './playbooks-paths';

export function PlaybooksSections({ current }: { current: 'list' | 'runs' }) {
  const items = [
    { href: playbooksPaths.list(), label: 'Playbooks' },
    { href: playbooksPaths.runs(), label: 'Runs' },
  ];
  return (
    <NavTabs
      label="Playbooks sections"
      items={items}
      currentHref={current === 'runs' ? playbooksPaths.runs() : playbooksPaths.list()}
      className="mb-4"
    />
  );
}
