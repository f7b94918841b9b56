/**
 * Widget styles as constructable stylesheets. The CSS (tokens + Tailwind utilities) is compiled at
 * build time and imported as a string, then parsed once per page into `CSSStyleSheet`s that every
 * shadow root adopts. No `<style>` element is created, so a Content-Security-Policy without
 * `style-src 'unsafe-inline'` works.
 */
import widgetCss from '../../src/styles/widgets.css?inline';

const DARK_HOST_SELECTOR = /:host\(\s*\[\s*theme\s*=\s*(["']?)dark\1\s*\]\s*\)/;

function collectStyleRules(rules: CSSRuleList, into: CSSStyleRule[]): void {
  for (const rule of Array.from(rules)) {
    if (rule instanceof CSSStyleRule) into.push(rule);
    else if (rule instanceof CSSGroupingRule) collectStyleRules(rule.cssRules, into);
  }
}

/**
 * `theme="auto"`: the tokens declare the dark set on `:host([theme='dark'])`; copy those
 * declarations under `prefers-color-scheme: dark` for `:host([theme='auto'])`, so "auto" follows
 * the system setting live, in CSS only, without touching the host's attributes.
 */
export function autoThemeCss(sheet: CSSStyleSheet): string {
  const rules: CSSStyleRule[] = [];
  collectStyleRules(sheet.cssRules, rules);
  const dark = rules
    .filter((rule) => DARK_HOST_SELECTOR.test(rule.selectorText))
    .map((rule) => rule.style.cssText)
    .join('\n');
  if (!dark) return '';
  return `@media (prefers-color-scheme: dark) { :host([theme='auto']) { ${dark} } }`;
}

let sheets: CSSStyleSheet[] | undefined;

function supportsAdoptedStyleSheets(): boolean {
  return (
    typeof CSSStyleSheet !== 'undefined' &&
    'replaceSync' in CSSStyleSheet.prototype &&
    typeof ShadowRoot !== 'undefined' &&
    'adoptedStyleSheets' in ShadowRoot.prototype
  );
}

/** The page-wide widget stylesheets (tokens, utilities, auto theme), built on first use. */
export function widgetStyleSheets(): readonly CSSStyleSheet[] {
  if (!sheets) {
    const base = new CSSStyleSheet();
    base.replaceSync(widgetCss);
    const auto = new CSSStyleSheet();
    auto.replaceSync(autoThemeCss(base));
    sheets = [base, auto];
  }
  return sheets;
}

const extraSheets = new Map<string, CSSStyleSheet>();

/** A widget's own stylesheet (see `WidgetDefinition.styles`), parsed once per page. */
function extraStyleSheet(css: string): CSSStyleSheet {
  let sheet = extraSheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    extraSheets.set(css, sheet);
  }
  return sheet;
}

/**
 * Give a shadow root the widget styles, then the widget's own (`extraCss`, later so they win).
 * Browsers without constructable stylesheets (before Safari 16.4) get `<style>` elements
 * instead, which need `style-src 'unsafe-inline'`.
 */
export function adoptWidgetStyles(root: ShadowRoot, extraCss: readonly string[] = []): void {
  if (supportsAdoptedStyleSheets()) {
    const own = [...widgetStyleSheets(), ...extraCss.map(extraStyleSheet)];
    const others = root.adoptedStyleSheets.filter((sheet) => !own.includes(sheet));
    root.adoptedStyleSheets = [...own, ...others];
    return;
  }
  const styles = [widgetCss, ...extraCss].map((css) => {
    const style = root.ownerDocument.createElement('style');
    style.textContent = css;
    return style;
  });
  root.prepend(...styles);
}
