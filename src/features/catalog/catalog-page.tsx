/**
 * The catalog area (spec doc 2 §2): one lazily loaded page that routes its sections —
 * /catalog (grouped summary or list), /catalog/changes, /catalog/insights, /catalog/scrapers,
 * /catalog/scrapers/{id}, and a config's detail at /catalog/{id}[/{tab}]. An unknown tab is the
 * not-found page, never a blank screen.
 */
import { Route, Switch } from 'wouter';
import { EmptyState } from '../../ui/empty-state';
import { CatalogIcon } from '../../ui/icons';
import { isConfigTab } from './catalog-paths';
import { ChangesPage } from './changes/changes-page';
import { ConfigDetailPage } from './config-detail/config-detail-page';
import { InsightsPage } from './insights/insights-page';
import { CatalogListPage } from './list/catalog-list-page';
import { ScraperDetailPage } from './scrapers/scraper-detail-page';
import { ScrapersPage } from './scrapers/scrapers-page';

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
