/**
 * `defineWidget()`: turns a React component into a Vigil custom element.
 *
 * Built on @r2wc/react-to-web-component (the only importer of it) for the element lifecycle, the
 * open shadow root and the `tokenProvider` property. On top of it the runtime adds what every Vigil
 * widget shares: a define-once guard, adopted stylesheets (tokens + Tailwind), its own attribute
 * parsing (r2wc ignores removed and empty attributes, and its JSON parsing throws), the shared
 * API/Query clients per `api-base`, `vigil-…` events and an error boundary.
 */
import r2wc from '@r2wc/react-to-web-component';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
  type ComponentType,
} from 'react';
import { getApiContext, type TokenProvider } from './api-registry';
import {
  commonAttributes,
  parseAttributes,
  toAttributeName,
  type AttributeSpecs,
  type AttributeValues,
} from './attributes';
import { dispatchWidgetEvent, type VigilEventMap, type VigilEventName } from './events';
import { adoptWidgetStyles } from './styles';
import { WidgetErrorBoundary } from './widget-error-boundary';
import { WidgetMessage } from './widget-message';
import { WidgetRuntimeContext, type WidgetRuntime } from './widget-context';

/** The common attribute table overlaid by a widget's own (a widget may change e.g. a default). */
export type WidgetAttributeSpecs<S extends AttributeSpecs> = Omit<
  typeof commonAttributes,
  keyof S
> &
  S;

/** Props of a widget component: every parsed attribute, common ones included. */
export type WidgetProps<S extends AttributeSpecs> = AttributeValues<WidgetAttributeSpecs<S>>;

/** Describes one widget for {@link defineWidget}. */
export interface WidgetDefinition<S extends AttributeSpecs> {
  /** Custom element name; Vigil widgets start with `vigil-`. */
  tag: `vigil-${string}`;
  /** Human name used in messages ("Health summary could not be displayed."). */
  label: string;
  /** The React component; it receives the parsed attributes as props. */
  component: ComponentType<WidgetProps<S>>;
  /** The widget's attributes keyed by camelCase prop name (`noTitle` reads `no-title`). */
  attributes: S;
  /**
   * The widget's own CSS, adopted after the shared widget stylesheet (so it may restyle `:host`),
   * e.g. the Tailwind utilities of the console UI pieces it renders (`./x.css?inline`).
   */
  styles?: string;
}

/** Properties every Vigil element has in addition to its attributes. */
export interface VigilWidgetElement extends HTMLElement {
  /**
   * Async source of bearer tokens for hosts with their own authentication. Called before each
   * request; after a 401 it is called once more with `{ forceRefresh: true }` and the request is
   * retried once.
   */
  tokenProvider: TokenProvider | undefined;
}

interface RootProps {
  /** The shadow root, passed by r2wc. */
  container?: HTMLElement | ShadowRoot;
  tokenProvider?: TokenProvider;
}

function hostOf(container: RootProps['container']): HTMLElement {
  if (container instanceof ShadowRoot && container.host instanceof HTMLElement) {
    return container.host;
  }
  if (container instanceof HTMLElement) return container;
  throw new Error('Vigil widget rendered without its host element.');
}

/** Re-render on any change of the observed attributes, including removal and empty values. */
function useAttributeSnapshot(host: HTMLElement, names: readonly string[]): string {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const observer = new MutationObserver(onChange);
      observer.observe(host, { attributes: true, attributeFilter: [...names] });
      return () => observer.disconnect();
    },
    [host, names],
  );
  // A string snapshot compares by value, so unrelated renders do not re-parse.
  const read = useCallback(
    () => JSON.stringify(names.map((name) => host.getAttribute(name))),
    [host, names],
  );
  return useSyncExternalStore(subscribe, read, read);
}

function upgradeProperty(element: HTMLElement, property: string): void {
  // A page may set the property before the element is defined; that own property would shadow
  // the class accessor, so move it onto the accessor.
  if (Object.hasOwn(element, property)) {
    const value: unknown = Reflect.get(element, property);
    Reflect.deleteProperty(element, property);
    Reflect.set(element, property, value);
  }
}

/**
 * Define a Vigil widget as a custom element.
 *
 * - Define-once: if the tag is already registered (a second copy of the bundle on the page), the
 *   existing class is returned and nothing throws.
 * - Renders into an open shadow root that adopts the shared token and widget stylesheets.
 * - Parses kebab-case attributes (common ones: `api-base`, `theme`, `refresh`, `embed-token`);
 *   problems are reported with `vigil-error` and, when blocking, shown in the element.
 * - Shares one API client and one QueryClient per `api-base` on the page.
 *
 * @example
 * ```ts
 * export const VigilHealthSummaryElement = defineWidget({
 *   tag: 'vigil-health-summary',
 *   label: 'Health summary',
 *   component: HealthSummary,
 *   attributes: healthSummaryAttributes,
 * });
 * ```
 * @returns the element class (the already registered one when the tag was defined before).
 */
export function defineWidget<S extends AttributeSpecs>(
  definition: WidgetDefinition<S>,
): CustomElementConstructor {
  const existing = customElements.get(definition.tag);
  if (existing) return existing;

  const { tag, label, component: Widget } = definition;
  const extraCss = definition.styles ? [definition.styles] : [];
  const specs = { ...commonAttributes, ...definition.attributes } as WidgetAttributeSpecs<S>;
  const propNames = Object.keys(specs);
  const attributeNames = propNames.map(toAttributeName);

  function WidgetRoot({ container, tokenProvider }: RootProps) {
    const host = hostOf(container);
    // r2wc renders as soon as a property is set, even before the element is in the document. A
    // host typically sets `tokenProvider` and then `api-base` before appending: rendering now would
    // send that token to the default API base. Render only once connected.
    return host.isConnected ? <ConnectedWidget host={host} tokenProvider={tokenProvider} /> : null;
  }
  WidgetRoot.displayName = `WidgetRoot(${tag})`;

  function ConnectedWidget({ host, tokenProvider }: { host: HTMLElement } & RootProps) {
    const snapshot = useAttributeSnapshot(host, attributeNames);
    const { values, problems } = useMemo(() => {
      const raw = JSON.parse(snapshot) as (string | null)[];
      return parseAttributes(specs, (name) => raw[attributeNames.indexOf(name)] ?? null);
    }, [snapshot]);
    const common = values as unknown as AttributeValues<typeof commonAttributes>;

    const api = useMemo(() => getApiContext(common.apiBase), [common.apiBase]);

    // Layout effect: registered before any child query starts fetching (those start in passive
    // effects), so the first request already carries the token.
    const embedToken = common.embedToken;
    useLayoutEffect(() => {
      const provider: TokenProvider | undefined =
        tokenProvider ?? (embedToken ? () => embedToken : undefined);
      return provider ? api.addTokenProvider(provider) : undefined;
    }, [api, tokenProvider, embedToken]);

    const emit = useCallback(
      <N extends VigilEventName>(name: N, detail: VigilEventMap[N]) =>
        dispatchWidgetEvent(host, name, detail),
      [host],
    );

    const problemsKey = JSON.stringify(problems);
    useEffect(() => {
      for (const problem of JSON.parse(problemsKey) as typeof problems) {
        console.warn(`<${tag}>: ${problem.message}`);
        emit('vigil-error', {
          code: 'invalid-attribute',
          widget: tag,
          message: problem.message,
          attribute: problem.attribute,
          blocking: problem.blocking,
        });
      }
    }, [problemsKey, emit]);

    const onRenderError = useCallback(
      (error: unknown) => {
        emit('vigil-error', {
          code: 'render-failed',
          widget: tag,
          message: error instanceof Error ? error.message : String(error),
        });
      },
      [emit],
    );

    const runtime = useMemo<WidgetRuntime>(
      () => ({ tag, host, api, emit, problems: JSON.parse(problemsKey) as typeof problems }),
      [host, api, emit, problemsKey],
    );
    const blocking = problems.filter((problem) => problem.blocking);

    return (
      <WidgetRuntimeContext.Provider value={runtime}>
        <QueryClientProvider client={api.queryClient}>
          <WidgetErrorBoundary widgetLabel={label} onError={onRenderError}>
            {blocking.length > 0 ? (
              <WidgetMessage tone="error" title={`${label} cannot be shown: invalid attribute.`}>
                <ul className="m-0 pl-4">
                  {blocking.map((problem) => (
                    <li key={problem.attribute}>{problem.message}</li>
                  ))}
                </ul>
              </WidgetMessage>
            ) : (
              <Widget {...(values as WidgetProps<S>)} />
            )}
          </WidgetErrorBoundary>
        </QueryClientProvider>
      </WidgetRuntimeContext.Provider>
    );
  }
  ConnectedWidget.displayName = `VigilWidget(${tag})`;

  const Base = r2wc(WidgetRoot, { shadow: 'open', props: { tokenProvider: 'method' } });

  class VigilWidget extends Base {
    constructor() {
      super();
      if (this.shadowRoot) adoptWidgetStyles(this.shadowRoot, extraCss);
      upgradeProperty(this, 'tokenProvider');
    }
  }

  // Two scripts may race to define the same tag; the loser keeps the winner's class.
  try {
    customElements.define(tag, VigilWidget);
  } catch (error: unknown) {
    const winner = customElements.get(tag);
    if (winner) return winner;
    throw error;
  }
  return VigilWidget;
}
