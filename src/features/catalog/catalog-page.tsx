/**
 * The catalog area (spec doc 2 §2): one lazily loaded page that routes its sections —
 * /catalog (grouped summary or list), /catalog/changes, /catalog/insights, /catalog/scrapers,
 * /catalog/scrapers/{id}, and a config's detail at /catalog/{id}[/{tab}]. An unknown tab is the
 * not-found page, never a blank screen.
 */
import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { EmptyState } from '../../ui/empty-state';
import { CatalogIcon } from '../../ui/icons';
import { isConfigTab } from './catalog-paths';
import { CatalogListPage } from './list/catalog-list-page';

// /catalog renders the list; the other sections load when visited (the config detail and the
// scraper detail bring the code view and YAML, which the list never shows).
const ChangesPage = lazy(async () => ({
  default: (await import('./changes/changes-page')).ChangesPage,
}));
const ConfigDetailPage = lazy(async () => ({
  default: (await import('./config-detail/config-detail-page')).ConfigDetailPage,
}));
const InsightsPage = lazy(async () => ({
  default: (await import('./insights/insights-page')).InsightsPage,
}));
const ScraperDetailPage = lazy(async () => ({
  default: (await import('./scrapers/scraper-detail-page')).ScraperDetailPage,
}));
const ScrapersPage = lazy(async () => ({
  default: (await import('./scrapers/scrapers-page')).ScrapersPage,
}));

function UnknownCatalogPage() {
  return (
    <EmptyState
      icon={<CatalogIcon size={22} />}
      title="Page not found"
      description="This catalog page does not exist."
    />
  );
}

export function CatalogPage() {
  return (
    <Switch>
      <Route path="/catalog">
        <CatalogListPage />
      </Route>
      <Route path="/catalog/changes">
        <ChangesPage />
      </Route>
      <Route path="/catalog/insights">
        <InsightsPage />
      </Route>
      <Route path="/catalog/scrapers">
        <ScrapersPage />
      </Route>
      <Route path="/catalog/scrapers/:id">{(params) => <ScraperDetailPage id={params.id} />}</Route>
      <Route path="/catalog/:id/:tab?">
        {(params) =>
          params.tab === undefined || isConfigTab(params.tab) ? (
            <ConfigDetailPage id={params.id} tab={params.tab ?? 'config'} />
          ) : (
            <UnknownCatalogPage />
          )
        }
      </Route>
      <Route>
        <UnknownCatalogPage />
      </Route>
    </Switch>
  );
}
