/**
 * The flat config table loads apart from /catalog's first load (issue 18): the default view is
 * the grouped summary, and the table is shown only once a config type is chosen or a search is
 * typed. Its code is asked for at once when the address already asks for the flat view (by the
 * page's read-ahead, catalog-prefetch.ts, while the console loads the page; and by the page
 * itself), and otherwise once the summary is painted and the browser is idle, so choosing a
 * type does not wait for it.
 */
import { Spinner } from '../../../ui/spinner';
import { lazyComponent } from '../../../ui/lazy-component';

export const LazyConfigTable = lazyComponent(
  () => import('./config-table').then((m) => m.ConfigTable),
  {
    // Where the table's loading row would be, should its code still be on its way.
    fallback: (
      <div className="px-3 py-10 text-center text-fg-muted">
        <Spinner label="Loading" />
      </div>
    ),
  },
);
