/**
 * The catalog area (spec doc 2 §2). Each section is a route of its own in the route table, so a
 * first load fetches only the section it shows: /catalog (grouped summary or list),
 * /catalog/changes, /catalog/insights, /catalog/scrapers, /catalog/scrapers/{id}, and a config's
 * detail at /catalog/{id}[/{tab}]. Any other catalog address, and an unknown tab, is the catalog's
 * not-found page here, never a blank screen.
 */
import { EmptyState } from '../../ui/empty-state';
import { CatalogIcon } from '../../ui/icons';

export function UnknownCatalogPage() {
  return (
    <EmptyState
      icon={<CatalogIcon size={22} />}
      title="Page not found"
      description="This catalog page does not exist."
    />
  );
}
