/**
 * The list page of every generic settings table (`/settings/{table}`, spec doc 3 §2.1): finds the
 * table's description from the address and shows its list. One resource
 * (`/settings/{table}/{id}`) is a route of its own (resource-detail-page.tsx), so neither page's
 * first load carries the other's code (issue 18).
 */
import { useLocation } from 'wouter';
import { SETTINGS_TABLES } from '../../../api/settings-resources';
import { EmptyState } from '../../../ui/empty-state';
import { describeResource } from './resource-descriptions';
import { ResourceListPage } from './resource-list-page';

const DESCRIPTIONS = SETTINGS_TABLES.map(describeResource);

export function SettingsResourcesPage() {
  const [location] = useLocation();
  const description = DESCRIPTIONS.find((item) => item.path === location);
  if (!description) return <EmptyState title="Unknown type" />;
  return <ResourceListPage key={description.table} description={description} />;
}
