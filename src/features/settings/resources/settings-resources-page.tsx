/**
 * The page behind every generic settings route (`/settings/{table}` and `/settings/{table}/{id}`,
 * spec doc 3 §2.1): finds the table's description from the address and shows its list or one
 * resource.
 */
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { SETTINGS_TABLES } from '../../../api/settings-resources';
import { EmptyState } from '../../../ui/empty-state';
import { PageSpinner } from '../../../ui/spinner';
import { describeResource } from './resource-descriptions';
import { ResourceListPage } from './resource-list-page';

// One resource's page (the editor, with the YAML package) loads on its own address: the lists'
// first load does not carry it (issue 18).
const ResourceDetailPage = lazy(async () => ({
  default: (await import('./resource-detail-page')).ResourceDetailPage,
}));

const DESCRIPTIONS = SETTINGS_TABLES.map(describeResource);

/** A path segment as the key it encodes (a malformed escape is taken as typed). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function SettingsResourcesPage() {
  return (
    <Switch>
      {DESCRIPTIONS.flatMap((description) => [
        <Route key={`${description.table}-list`} path={description.path}>
          <ResourceListPage key={description.table} description={description} />
        </Route>,
        <Route key={`${description.table}-item`} path={`${description.path}/:id`}>
          {(params) => (
            <Suspense fallback={<PageSpinner />}>
              <ResourceDetailPage
                key={`${description.table}-${params.id}`}
                description={description}
                id={decodeSegment(params.id)}
              />
            </Suspense>
          )}
        </Route>,
      ])}
      <Route>
        <EmptyState title="Unknown type" />
      </Route>
    </Switch>
  );
}
