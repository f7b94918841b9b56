/**
 * `<vigil-topology-card>`: the card of one topology component — icon, name, health (shape, word
 * and border), headline properties and the summary of what is below it (health, checks,
 * insights, open incidents) — from `GET {api-base}/canary/api/topology?id=…&depth=1`, refreshed
 * every `refresh` seconds. The same entity as the console's `/view/topology/{id}` page.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type MouseEvent } from 'react';
import { ApiError, errorMessage } from '../../src/api/client';
import { topologyQueries } from '../../src/api/topology';
import { TopologyCard as CardView } from '../../src/entities/topology-card/topology-card';
import {
  componentHealth,
  type TopologyCardSize,
} from '../../src/entities/topology-card/topology-card-format';
import { cx } from '../../src/lib/class-names';
import type { WidgetProps } from '../runtime/define-widget';
import type { VigilComponentHealth } from '../runtime/events';
import { useRequestErrorEvent } from '../runtime/use-request-error-event';
import { useWidgetRuntime } from '../runtime/widget-context';
import { WidgetMessage } from '../runtime/widget-message';
import type { topologyCardAttributes } from './topology-card-attributes';

export type TopologyCardProps = WidgetProps<typeof topologyCardAttributes>;

/** The message box keeps the card's width, so a page's layout does not jump when data arrives. */
const MESSAGE_WIDTHS: Record<TopologyCardSize, string> = {
  small: 'w-[198px]',
  medium: 'w-[258px]',
  large: 'w-[356px]',
  extra_large: 'w-[554px]',
};

/** `{console-url}/topology/{id}`: the component's page in the console. */
export function topologyCardLink(consoleUrl: string, componentId: string): string {
  const base = new URL(consoleUrl, document.baseURI).href.replace(/\/+$/, '');
  return `${base}/topology/${encodeURIComponent(componentId)}`;
}

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function TopologyCard(props: TopologyCardProps) {
  const { componentId, size, refresh, consoleUrl, noProperties, noSummary } = props;
  const { api, emit, tag } = useWidgetRuntime();

  const query = useQuery(
    topologyQueries.component(api.client, componentId, refresh > 0 ? refresh * 1000 : false),
  );
  useRequestErrorEvent(query.error, query.errorUpdatedAt);
  const component = query.data ?? undefined;

  const notFound = query.isSuccess && query.data === null;
  useEffect(() => {
    if (!notFound) return;
    emit('vigil-error', {
      code: 'not-found',
      widget: tag,
      message: `No topology component with id ${componentId}.`,
    });
  }, [notFound, componentId, emit, tag]);

  // vigil-status-change on the first data and whenever the component's health changes.
  const status: VigilComponentHealth | undefined = component
    ? componentHealth(component)
    : undefined;
  const name = component?.name;
  const previous = useRef<{ id: string; status: VigilComponentHealth } | undefined>(undefined);
  useEffect(() => {
    if (!status || name === undefined) return;
    const last = previous.current?.id === componentId ? previous.current.status : undefined;
    if (last === status) return;
    previous.current = { id: componentId, status };
    emit('vigil-status-change', {
      widget: tag,
      componentId,
      name,
      status,
      previousStatus: last,
    });
  }, [status, name, componentId, emit, tag]);

  const link = consoleUrl ? topologyCardLink(consoleUrl, componentId) : undefined;
  const onLinkClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!link || !isPlainLeftClick(event)) return;
    const proceed = emit('vigil-navigate', { widget: tag, url: link, componentId });
    if (!proceed) event.preventDefault();
  };

  if (!component) {
    let message;
    if (notFound) {
      message = (
        <WidgetMessage tone="error" title="Component not found">
          {`No topology component with id ${componentId} at ${api.apiBase}; it may have been deleted.`}
        </WidgetMessage>
      );
    } else if (query.isError) {
      const unauthorized = query.error instanceof ApiError && query.error.status === 401;
      message = (
        <WidgetMessage
          tone="error"
          title={
            unauthorized ? 'Sign in to see this component.' : 'The component could not be loaded.'
          }
          action={
            <button
              type="button"
              className="vigil-button"
              disabled={query.isFetching}
              onClick={() => void query.refetch()}
            >
              {query.isFetching ? 'Retrying…' : 'Retry'}
            </button>
          }
        >
          {unauthorized
            ? `${api.apiBase} needs credentials: sign in to Vigil in this browser, or give the widget a token provider or an embed token.`
            : errorMessage(query.error)}
        </WidgetMessage>
      );
    } else {
      message = <WidgetMessage tone="info" title="Loading component…" />;
    }
    return (
      <section
        part="root"
        aria-label="Topology component"
        data-status={notFound || query.isError ? 'error' : 'loading'}
        className={cx(
          'max-w-full rounded-lg border border-solid border-border bg-surface p-3 text-fg',
          MESSAGE_WIDTHS[size],
        )}
      >
        {message}
      </section>
    );
  }

  return (
    <section part="root" aria-label="Topology component" data-status={status} className="text-fg">
      <CardView
        component={component}
        size={size}
        href={link}
        onLinkClick={onLinkClick}
        hideProperties={noProperties}
        hideSummary={noSummary}
        headingLevel={2}
      />
      {query.isError ? (
        <p part="stale" className="m-0 mt-1 max-w-full text-xs text-fg-muted">
          Could not refresh ({errorMessage(query.error)}); showing the last data received.
        </p>
      ) : null}
      <p className="sr-only" role="status">
        {`${component.name}: ${status ?? 'unknown'}.`}
      </p>
    </section>
  );
}
