/**
 * A themed ECharts host: registers only the ECharts parts the dialog uses (scatter series, grid,
 * tooltip, legend, SVG renderer) through `echarts/core`, reads the `--vigil-*` tokens from the
 * element's computed style, and rebuilds the option when the theme changes (`data-theme` on the
 * document, `theme` on a widget host, or the system colour scheme).
 *
 * Domain-free on purpose: ARCHITECTURE.md makes src/ui/chart the only echarts importer, and this
 * file is written to move there unchanged once that folder exists.
 */
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { ScatterChart, type ScatterSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useCallback, useId, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { cx } from '../../lib/class-names';

echarts.use([ScatterChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

/** The option shapes this chart supports (only the registered parts). */
export type ThemeChartOption = echarts.ComposeOption<
  ScatterSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

/** Colours and font read from the design tokens. */
export interface ChartTokens {
  text: string;
  textMuted: string;
  grid: string;
  border: string;
  surface: string;
  healthy: string;
  unhealthy: string;
  warning: string;
  primary: string;
  font: string;
}

/** Token variable per field, with the light theme's value for when CSS is not loaded. */
const TOKEN_VARIABLES: Record<keyof ChartTokens, [string, string]> = {
  text: ['--vigil-color-text', '#111827'],
  textMuted: ['--vigil-color-text-muted', '#4b5563'],
  grid: ['--vigil-chart-grid', '#e5e7eb'],
  border: ['--vigil-color-border', '#d5dbe3'],
  surface: ['--vigil-color-surface-raised', '#ffffff'],
  healthy: ['--vigil-color-status-healthy', '#15803d'],
  unhealthy: ['--vigil-color-status-unhealthy', '#c81e1e'],
  warning: ['--vigil-color-status-warning', '#b45309'],
  primary: ['--vigil-chart-1', '#2453d6'],
  font: ['--vigil-font-sans', 'system-ui, sans-serif'],
};

const TOKEN_KEYS = Object.keys(TOKEN_VARIABLES) as (keyof ChartTokens)[];

function readTokens(element: Element | null): string {
  const style = element ? getComputedStyle(element) : undefined;
  // A string snapshot: stable for useSyncExternalStore while the theme does not change.
  return TOKEN_KEYS.map((key) => {
    const [variable, fallback] = TOKEN_VARIABLES[key];
    return style?.getPropertyValue(variable).trim() || fallback;
  }).join('\n');
}

function parseTokens(snapshot: string): ChartTokens {
  const values = snapshot.split('\n');
  return Object.fromEntries(
    TOKEN_KEYS.map((key, index) => [key, values[index] ?? TOKEN_VARIABLES[key][1]]),
  ) as unknown as ChartTokens;
}

/** Notifies when anything that can change the tokens changes. */
function subscribeToTheme(element: Element | null, notify: () => void): () => void {
  if (typeof MutationObserver === 'undefined') return () => {};
  const observer = new MutationObserver(notify);
  observer.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme', 'class', 'style'],
  });
  const root = element?.getRootNode();
  if (typeof ShadowRoot !== 'undefined' && root instanceof ShadowRoot) {
    observer.observe(root.host, { attributes: true, attributeFilter: ['theme', 'class', 'style'] });
  }
  const media =
    typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;
  media?.addEventListener?.('change', notify);
  return () => {
    observer.disconnect();
    media?.removeEventListener?.('change', notify);
  };
}

export interface ThemeChartProps {
  /** Builds the option from the current tokens; memoise it (it runs when its identity changes). */
  buildOption: (tokens: ChartTokens) => ThemeChartOption;
  /** Accessible name of the chart image. */
  label: string;
  /** Text alternative shown to assistive technology (a summary of the data). */
  description?: ReactNode;
  height?: number;
  className?: string;
}

export function ThemeChart({
  buildOption,
  label,
  description,
  height = 220,
  className,
}: ThemeChartProps) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const subscribe = useCallback(
    (notify: () => void) => subscribeToTheme(element, notify),
    [element],
  );
  const snapshot = useSyncExternalStore(
    subscribe,
    () => readTokens(element),
    () => readTokens(null),
  );
  const option = useMemo(() => buildOption(parseTokens(snapshot)), [buildOption, snapshot]);
  const descriptionId = useId();
  return (
    <figure className={cx('m-0', className)}>
      <div
        ref={setElement}
        role="img"
        aria-label={label}
        aria-describedby={description ? descriptionId : undefined}
        style={{ height }}
      >
        <ReactEChartsCore
          echarts={echarts}
          option={option}
          notMerge
          lazyUpdate
          opts={{ renderer: 'svg' }}
          style={{ height, width: '100%' }}
        />
      </div>
      {description ? (
        <figcaption id={descriptionId} className="sr-only">
          {description}
        </figcaption>
      ) : null}
    </figure>
  );
}
