/**
 * `/catalog/changes` (spec doc 2 §2): the catalog's section tabs, a breadcrumb (Catalog, Changes
 * and the config type being looked at) and the global change log.
 */
import { Link } from 'wouter';
import { useUrlState } from '../../../ui/use-url-state';
import { catalogPaths } from '../catalog-paths';
import { CatalogSections } from '../catalog-sections';
import { changesPageSchema } from './change-params';
import { ChangesList } from './changes-list';

const crumbLink =
  'text-link underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary';

export function ChangesPage() {
  const [values] = useUrlState(changesPageSchema);
  return (
    <div className="flex flex-col">
      <CatalogSections />
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <ol className="flex flex-wrap items-center gap-1.5 text-fg-muted">
          <li>
            <Link href={catalogPaths.list()} className={crumbLink}>
              Catalog
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          {values.configType ? (
            <>
              <li>
                <Link href={catalogPaths.changes()} className={crumbLink}>
                  Changes
                </Link>
              </li>
              <li aria-hidden="true">/</li>
              <li aria-current="page" className="font-medium text-fg">
                {values.configType}
              </li>
            </>
          ) : (
            <li aria-current="page" className="font-medium text-fg">
              Changes
            </li>
          )}
        </ol>
      </nav>
      <ChangesList />
    </div>
  );
}
