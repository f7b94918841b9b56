/**
 * The topology card of one component (spec doc 2 "Topology", §9), shown by the console's
 * `/view/topology/{id}` page and by `<vigil-topology-card>`: icon, name and text, the health as a
 * shape and a word with a red (unhealthy) or orange (warning) border, the headline properties
 * (with units; a bar of `max`, red above 70 %), and a summary row of the health below it, its
 * checks by status, its insights and open incidents by type and severity. It renders props only:
 * it never fetches or navigates (a link gets `href` and an optional click handler).
 */
import { useId, type MouseEvent, type ReactNode } from 'react';
import type { TopologyComponent, TopologyProperty } from '../../api/types';
import { cx } from '../../lib/class-names';
import { StatusIcon } from '../../ui/status-icon';
import { useLinkIntent } from '../../ui/use-link-intent';
import { ComponentIcon, SeverityIcon } from './component-icon';
import {
  cardSummary,
  COMPONENT_HEALTH_LABELS,
  componentHealth,
  describeTyped,
  formatCount,
  formatPropertyValue,
  HEADLINE_LIMITS,
  headlineProperties,
  isEmptySummary,
  isPropertyAlert,
  propertyHref,
  propertyLabel,
  propertyPercent,
  typeLabel,
  type ComponentHealth,
  type StatusCount,
  type SummarySeverity,
  type TopologyCardSize,
  type TypedSummary,
} from './topology-card-format';

export interface TopologyCardProps {
  component: TopologyComponent;
  /** Width: small 198 px, medium 258 px, large 356 px, extra_large 554 px (default). */
  size?: TopologyCardSize;
  /** Where the name links to (e.g. the component in the console); plain text without it. */
  href?: string;
  /** Called on a click of the name link (the caller may `preventDefault()`). */
  onLinkClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /**
   * Called when the name link is likely to be followed (the pointer rests on it, presses it, or
   * it takes focus), so that the caller can read ahead what it opens (src/ui/use-link-intent.ts).
   */
  onLinkIntent?: () => void;
  /** Hide the headline properties. */
  hideProperties?: boolean;
  /** Hide the summary row. */
  hideSummary?: boolean;
  /** Level of the name's heading (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** "Now" for ages (tests). */
  now?: number;
  className?: string;
  /** Fill the parent's width instead of the size's fixed width (the console's width slider). */
  fluid?: boolean;
  /** Controls at the right of the header, e.g. the console's card actions menu. */
  actions?: ReactNode;
}

const WIDTHS: Record<TopologyCardSize, string> = {
  small: 'w-[198px]',
  medium: 'w-[258px]',
  large: 'w-[356px]',
  extra_large: 'w-[554px]',
};

const PROPERTY_COLUMNS: Record<TopologyCardSize, string> = {
  small: 'grid-cols-1',
  medium: 'grid-cols-2',
  large: 'grid-cols-2',
  extra_large: 'grid-cols-3',
};

const BORDERS: Record<ComponentHealth, string> = {
  unhealthy: 'border-unhealthy',
  warning: 'border-warning',
  healthy: 'border-border',
  unknown: 'border-border',
};

/** Severity colours (spec §9): critical red, high orange, medium and low green, info blue. */
const SEVERITY_TONES: Record<SummarySeverity, string> = {
  critical: 'text-unhealthy',
  high: 'text-warning',
  medium: 'text-healthy',
  info: 'text-info',
  other: 'text-fg-muted',
};

const TEXT_TONES: Record<ComponentHealth, string> = {
  unhealthy: 'text-unhealthy',
  warning: 'text-warning',
  healthy: 'text-healthy',
  unknown: 'text-fg-muted',
};

function Heading({ level, id, children }: { level: 2 | 3 | 4; id: string; children: ReactNode }) {
  const className = 'm-0 min-w-0 truncate text-sm leading-5 font-semibold';
  if (level === 2)
    return (
      <h2 id={id} part="title" className={className}>
        {children}
      </h2>
    );
  if (level === 4)
    return (
      <h4 id={id} part="title" className={className}>
        {children}
      </h4>
    );
  return (
    <h3 id={id} part="title" className={className}>
      {children}
    </h3>
  );
}

function PropertyBar({ percent, alert }: { percent: number; alert: boolean }) {
  // An SVG rectangle, not an inline style: host pages with a strict CSP allow it.
  return (
    <svg
      part="property-bar"
      viewBox="0 0 100 4"
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      className="block h-1 w-full overflow-hidden rounded-full"
    >
      <rect width="100" height="4" className="fill-surface-sunken" />
      <rect
        width={Math.max(percent, 1)}
        height="4"
        className={alert ? 'fill-unhealthy' : 'fill-primary'}
      />
    </svg>
  );
}

function Property({ property, now }: { property: TopologyProperty; now: number | undefined }) {
  const percent = propertyPercent(property);
  const alert = isPropertyAlert(percent);
  const value = formatPropertyValue(property, now);
  const href = propertyHref(property);
  const label = propertyLabel(property);
  const rounded = percent === undefined ? undefined : Math.round(percent);
  return (
    <div
      part="property"
      data-property={property.name}
      data-alert={alert ? 'true' : undefined}
      className="flex min-w-0 flex-col gap-0.5"
    >
      <dt part="property-label" className="truncate text-xs text-fg-muted" title={label}>
        {label}
      </dt>
      <dd
        part="property-value"
        className={cx(
          'm-0 flex min-w-0 items-baseline gap-1 text-sm font-semibold tabular-nums',
          alert ? 'text-unhealthy' : 'text-fg',
        )}
        title={property.tooltip ?? undefined}
      >
        {href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="truncate font-medium text-link underline-offset-2 hover:underline"
          >
            {value}
          </a>
        ) : (
          <span className="truncate">{value}</span>
        )}
        {rounded !== undefined ? (
          <span part="property-percent" className="shrink-0 text-xs font-medium">
            {`${rounded}%`}
            {alert ? <span className="sr-only"> (above 70% of the maximum)</span> : null}
          </span>
        ) : null}
      </dd>
      {percent !== undefined ? (
        <dd className="m-0">
          <PropertyBar percent={percent} alert={alert} />
        </dd>
      ) : null}
    </div>
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function StatusItems({
  kind,
  items,
  noun,
}: {
  kind: 'health' | 'checks';
  items: StatusCount[];
  noun: string;
}) {
  return (
    <>
      {items.map(({ status, count }) => {
        const text = plural(count, `${status} ${noun}`);
        return (
          <li
            key={status}
            part="summary-item"
            data-kind={kind}
            data-status={status}
            title={text}
            className="flex items-center gap-1 tabular-nums"
          >
            <StatusIcon tone={status} label={text} size={12} />
            <span aria-hidden="true">{formatCount(count)}</span>
          </li>
        );
      })}
    </>
  );
}

function TypedItems({
  kind,
  items,
  noun,
  compact,
}: {
  kind: 'insights' | 'incidents';
  items: TypedSummary[];
  noun: string;
  compact: boolean;
}) {
  return (
    <>
      {items.map((entry) => {
        const text = describeTyped(entry, noun);
        return (
          <li
            key={entry.type}
            part="summary-item"
            data-kind={kind}
            data-type={entry.type}
            data-severity={entry.worst}
            title={text}
            className={cx('flex items-center gap-1 tabular-nums', SEVERITY_TONES[entry.worst])}
          >
            <SeverityIcon severity={entry.worst} />
            <span className="sr-only">{text}</span>
            <span aria-hidden="true" className={compact ? 'sr-only' : 'text-fg-muted'}>
              {typeLabel(entry.type)}
            </span>
            <span aria-hidden="true" className="font-semibold">
              {formatCount(entry.total)}
            </span>
          </li>
        );
      })}
    </>
  );
}

function SummaryGroup({
  part,
  label,
  compact,
  children,
}: {
  part: string;
  label: string;
  compact: boolean;
  children: ReactNode;
}) {
  return (
    <div part={part} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <span className={compact ? 'sr-only' : 'font-medium text-fg-muted'}>{label}</span>
      <ul aria-label={label} className="m-0 flex list-none flex-wrap items-center gap-2 p-0">
        {children}
      </ul>
    </div>
  );
}

export function TopologyCard({
  component,
  size = 'extra_large',
  href,
  onLinkClick,
  onLinkIntent,
  hideProperties = false,
  hideSummary = false,
  headingLevel = 3,
  now,
  className,
  fluid = false,
  actions,
}: TopologyCardProps) {
  const titleId = useId();
  const intent = useLinkIntent(onLinkIntent);
  const health = componentHealth(component);
  const healthLabel = COMPONENT_HEALTH_LABELS[health];
  const compact = size === 'small';
  const properties = hideProperties
    ? []
    : headlineProperties(component.properties).slice(0, HEADLINE_LIMITS[size]);
  const summary = cardSummary(component);
  const showSummary = !hideSummary && !isEmptySummary(summary);
  const subtitle = [component.title, component.text].find(
    (text): text is string => typeof text === 'string' && text !== '' && text !== component.name,
  );
  const reason = health === 'healthy' ? undefined : component.status_reason || undefined;

  return (
    <article
      part="card"
      aria-labelledby={titleId}
      data-size={size}
      data-status={health}
      data-component-id={component.id}
      className={cx(
        'flex max-w-full flex-col gap-2 rounded-lg border-2 border-solid bg-surface p-3 text-fg shadow-sm',
        fluid ? 'w-full' : WIDTHS[size],
        BORDERS[health],
        className,
      )}
    >
      <header part="header" className="flex min-w-0 items-start gap-2">
        <span part="icon" className="mt-0.5 shrink-0 text-fg-muted">
          <ComponentIcon icon={component.icon || component.type} size={compact ? 18 : 22} />
        </span>
        <div className="flex min-w-0 flex-1 flex-col">
          <Heading level={headingLevel} id={titleId}>
            {href ? (
              <a
                part="name-link"
                href={href}
                onClick={onLinkClick}
                {...intent}
                className="text-link underline-offset-2 hover:underline"
                title={component.name}
              >
                {component.name}
              </a>
            ) : (
              <span part="name" title={component.name}>
                {component.name}
              </span>
            )}
          </Heading>
          {subtitle ? (
            <p part="text" className="m-0 truncate text-xs text-fg-muted" title={subtitle}>
              {subtitle}
            </p>
          ) : component.type ? (
            <p part="text" className="m-0 truncate text-xs text-fg-muted">
              {component.type}
            </p>
          ) : null}
        </div>
        <span
          part="status"
          data-status={health}
          className={cx('shrink-0 text-xs font-medium', TEXT_TONES[health])}
          title={healthLabel}
        >
          <StatusIcon tone={health} label={healthLabel} showLabel={!compact} size={14} />
        </span>
        {actions ? (
          <span part="actions" className="-my-1 -mr-1 shrink-0">
            {actions}
          </span>
        ) : null}
      </header>
      {reason ? (
        <p part="status-reason" className="m-0 line-clamp-2 text-xs text-fg-muted" title={reason}>
          {reason}
        </p>
      ) : null}
      {properties.length > 0 ? (
        <dl
          part="properties"
          aria-label="Properties"
          className={cx('m-0 grid gap-x-3 gap-y-2', PROPERTY_COLUMNS[size])}
        >
          {properties.map((property, index) => (
            <Property key={`${property.name ?? ''}-${index}`} property={property} now={now} />
          ))}
        </dl>
      ) : null}
      {showSummary ? (
        <footer
          part="summary"
          className="flex flex-wrap items-center gap-x-4 gap-y-1.5 border-t border-solid border-border pt-2 text-xs"
        >
          {summary.children.length > 0 ? (
            <SummaryGroup part="summary-health" label="Components" compact={compact}>
              <StatusItems kind="health" items={summary.children} noun="component" />
            </SummaryGroup>
          ) : null}
          {summary.checks.length > 0 ? (
            <SummaryGroup part="summary-checks" label="Checks" compact={compact}>
              <StatusItems kind="checks" items={summary.checks} noun="check" />
            </SummaryGroup>
          ) : null}
          {summary.insights.length > 0 ? (
            <SummaryGroup part="summary-insights" label="Insights" compact={compact}>
              <TypedItems
                kind="insights"
                items={summary.insights}
                noun="insight"
                compact={compact}
              />
            </SummaryGroup>
          ) : null}
          {summary.incidents.length > 0 ? (
            <SummaryGroup part="summary-incidents" label="Incidents" compact={compact}>
              <TypedItems
                kind="incidents"
                items={summary.incidents}
                noun="incident"
                compact={compact}
              />
            </SummaryGroup>
          ) : null}
        </footer>
      ) : null}
    </article>
  );
}
