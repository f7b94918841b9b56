/**
 * The breadcrumb trail of the topology pages (spec doc 2 §2): Dashboard, then the component's
 * ancestors from its `path`, then the referer (the component the user came from, when it is not
 * already in the trail), then the component itself. Links keep the filters and drop the referer.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useApiClient } from '../../api/api-context';
import type { TopologyComponent } from '../../api/topology';
import { topologySidebarQueries } from '../../api/topology-sidebar';
import { ComponentIcon } from '../../entities/topology-card/component-icon';
import { Breadcrumb } from '../../ui/breadcrumb';
import { ancestorIds, componentHref, dashboardHref } from './topology-params';

interface Crumb {
  key: string;
  label: ReactNode;
  href?: string;
  icon?: string;
}

export function TopologyBreadcrumbs({
  root,
  id,
  refererId,
  search,
}: {
  root: TopologyComponent | undefined;
  id: string | undefined;
  refererId: string;
  search: string;
}) {
  const client = useApiClient();
  const ancestors = ancestorIds(root);
  const self = id?.toLowerCase();
  const showReferer = refererId !== '' && refererId !== self && !ancestors.includes(refererId);
  const ids = showReferer ? [...ancestors, refererId] : ancestors;
  const names = useQuery({ ...topologySidebarQueries.names(client, ids), enabled: ids.length > 0 });
  const byId = new Map((names.data ?? []).map((row) => [row.id.toLowerCase(), row]));

  const crumbs: Crumb[] = [
    { key: 'dashboard', label: 'Dashboard', href: id ? dashboardHref(search) : undefined },
  ];
  for (const ancestor of ancestors) {
    const row = byId.get(ancestor);
    crumbs.push({
      key: ancestor,
      label: row?.name ?? (names.isPending ? '…' : ancestor.slice(0, 8)),
      href: dashboardHref(search, ancestor),
      icon: row?.icon ?? row?.type ?? undefined,
    });
  }
  if (showReferer) {
    const row = byId.get(refererId);
    // A referer that no longer exists (or is hidden) is left out.
    if (row || names.isPending) {
      crumbs.push({
        key: `referer-${refererId}`,
        label: row?.name ?? '…',
        href: componentHref(refererId, search, undefined),
        icon: row?.icon ?? row?.type ?? undefined,
      });
    }
  }
  if (id) {
    crumbs.push({
      key: 'current',
      label: root?.name ?? '…',
      icon: root?.icon ?? root?.type ?? undefined,
    });
  }

  return (
    <Breadcrumb
      items={crumbs.map((crumb) => ({
        ...crumb,
        icon: crumb.icon ? (
          <ComponentIcon icon={crumb.icon} size={16} className="shrink-0 text-fg-muted" />
        ) : undefined,
      }))}
    />
  );
}
