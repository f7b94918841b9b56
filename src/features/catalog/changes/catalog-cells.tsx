/**
 * A cell shared by the change log and the insights: a config shown with its type glyph and name,
 * linked to its page (times use the shared RelativeTime).
 */
import { ComponentIcon } from '../../../entities/topology-card/component-icon';
import { catalogPaths } from '../catalog-paths';
import { RowLink } from '../../../ui/row-link';

export function ConfigLink({
  id,
  name,
  type,
  showType = true,
}: {
  id: string;
  name: string | null | undefined;
  type: string | null | undefined;
  showType?: boolean;
}) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <ComponentIcon icon={type} size={16} className="shrink-0 text-fg-muted" />
      <span className="flex min-w-0 flex-col">
        <RowLink
          href={catalogPaths.config(id)}
          className="truncate font-medium text-link underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
          title={name ?? id}
        >
          {name || id}
        </RowLink>
        {showType && type ? (
          <span className="truncate text-xs text-fg-muted" title={type}>
            {type}
          </span>
        ) : null}
      </span>
    </span>
  );
}
