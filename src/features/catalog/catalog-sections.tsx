/**
 * The catalog's section tabs (Catalog, Changes, Insights, Scrapers). The first three carry
 * `configType` in the query (spec doc 2 §2), so switching keeps the type being looked at.
 */
import { useLocation, useSearch } from 'wouter';
import { NavTabs } from '../../ui/nav-tabs';
import { catalogPaths } from './catalog-paths';

export function CatalogSections() {
  const [location] = useLocation();
  const search = useSearch();
  const configType = new URLSearchParams(search).get('configType')?.trim() ?? '';
  const carry = (path: string) =>
    configType && configType.toLowerCase() !== 'all'
      ? `${path}?configType=${encodeURIComponent(configType)}`
      : path;
  const current = location.startsWith(catalogPaths.scrapers()) ? catalogPaths.scrapers() : location;
  const items = [
    { href: carry(catalogPaths.list()), base: catalogPaths.list(), label: 'Catalog' },
    { href: carry(catalogPaths.changes()), base: catalogPaths.changes(), label: 'Changes' },
    { href: carry(catalogPaths.insights()), base: catalogPaths.insights(), label: 'Insights' },
    { href: catalogPaths.scrapers(), base: catalogPaths.scrapers(), label: 'Scrapers' },
  ];
  const currentItem = items.find((item) => item.base === current);
  return (
    <NavTabs
      label="Catalog sections"
      items={items}
      currentHref={currentItem?.href ?? ''}
      className="mb-4"
    />
  );
}
