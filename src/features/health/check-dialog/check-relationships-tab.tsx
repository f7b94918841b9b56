/**
 * Relationships tab: the config items and topology components linked to the check (embedded in
 * the check row, postgrest.md §8.1). Names link to /catalog/{id} and /topology/{id}.
 */
import { useId } from 'react';
import { Link } from 'wouter';
import { DataTable, type ColumnDef } from '../../../ui/data-table';
import { checkDialogPaths } from './check-dialog-links';
import type { CheckView } from '../../../entities/check/check-view';

interface RelationshipRow {
  id: string;
  kind: 'config' | 'component';
  name: string;
  type?: string | null;
  href: string;
}

const linkClass =
  'rounded font-medium text-link underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

const columns: ColumnDef<RelationshipRow>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <Link href={row.original.href} className={linkClass}>
        {row.original.name}
      </Link>
    ),
  },
  {
    id: 'type',
    header: 'Type',
    size: 200,
    cell: ({ row }) => <span className="text-fg-muted">{row.original.type ?? '-'}</span>,
  },
];

export function toRelationshipRows(check: Pick<CheckView, 'configs' | 'components'>) {
  const configs: RelationshipRow[] = check.configs.map((config) => ({
    id: `config:${config.id}`,
    kind: 'config',
    name: config.name,
    type: config.type,
    href: checkDialogPaths.catalog(config.id),
  }));
  const components: RelationshipRow[] = check.components.map((component) => ({
    id: `component:${component.id}`,
    kind: 'component',
    name: component.name,
    type: 'Component',
    href: checkDialogPaths.topology(component.id),
  }));
  return { configs, components };
}

export function CheckRelationshipsTab({
  check,
  isLoading,
}: {
  check: CheckView;
  isLoading: boolean;
}) {
  const { configs, components } = toRelationshipRows(check);
  const configsId = useId();
  const componentsId = useId();
  return (
    <div className="flex flex-col gap-4 pt-3">
      <section aria-labelledby={configsId} className="flex flex-col gap-2">
        <h3 id={configsId} className="m-0 text-sm font-semibold text-fg">
          Configs
        </h3>
        <DataTable
          data={configs}
          columns={columns}
          label="Related configs"
          getRowId={(row) => row.id}
          isLoading={isLoading}
        />
      </section>
      <section aria-labelledby={componentsId} className="flex flex-col gap-2">
        <h3 id={componentsId} className="m-0 text-sm font-semibold text-fg">
          Components
        </h3>
        <DataTable
          data={components}
          columns={columns}
          label="Related components"
          getRowId={(row) => row.id}
          isLoading={isLoading}
        />
      </section>
    </div>
  );
}
