/**
 * The playbooks area (spec doc 3 §2.10): one lazily loaded page that routes /playbooks (the cards
 * grouped by category), /playbooks/runs (the runs list) and /playbooks/runs/{id} (a run).
 */
import { lazy } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { EmptyState } from '../../ui/empty-state';
import { PlaybookIcon } from '../../ui/icons';
import { NavTabs } from '../../ui/nav-tabs';
import { PlaybookCardsPage } from './playbook-cards-page';
import { playbooksPaths } from './playbooks-paths';
import { RunsPage } from './runs-page';

// A run's detail (its YAML and step logs) loads when a run is opened, not with the playbooks.
const RunDetailPage = lazy(async () => ({
  default: (await import('./run-detail-page')).RunDetailPage,
}));

function PlaybooksSections() {
  const [location] = useLocation();
  const items = [
    { href: playbooksPaths.list(), label: 'Playbooks' },
    { href: playbooksPaths.runs(), label: 'Runs' },
  ];
  return (
    <NavTabs
      label="Playbooks sections"
      items={items}
      currentHref={location === playbooksPaths.runs() ? playbooksPaths.runs() : location}
      className="mb-4"
    />
  );
}

export function PlaybooksPage() {
  return (
    <Switch>
      <Route path="/playbooks">
        <PlaybooksSections />
        <PlaybookCardsPage />
      </Route>
      <Route path="/playbooks/runs">
        <PlaybooksSections />
        <RunsPage />
      </Route>
      <Route path="/playbooks/runs/:id">{(params) => <RunDetailPage id={params.id} />}</Route>
      <Route>
        <EmptyState
          icon={<PlaybookIcon size={22} />}
          title="Page not found"
          description="This playbooks page does not exist."
        />
      </Route>
    </Switch>
  );
}
