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

/**
 * Tailwind registers the custom properties its utilities compose (`--tw-border-style`,
 * `--tw-shadow`…) with `@property`, which browsers ignore inside shadow roots: `border` would draw
 * no line and `shadow-md` no shadow. Declare their initial values on every element instead, as
 * Tailwind's own fallback for older browsers does, in the `base` layer so utilities still win.
 */
export function propertyFallbackCss(sheet: CSSStyleSheet): string {
  if (typeof CSSPropertyRule === 'undefined') return '';
  const declarations = new Map<string, string>();
  const visit = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSPropertyRule) {
        declarations.set(rule.name, rule.initialValue ?? 'initial');
      } else if (rule instanceof CSSGroupingRule) {
        visit(rule.cssRules);
      }
    }
  };
  visit(sheet.cssRules);
  if (declarations.size === 0) return '';
  const body = Array.from(declarations, ([name, value]) => `${name}: ${value};`).join(' ');
  return `@layer base { *, ::before, ::after, ::backdrop { ${body} } }`;
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

const extraSheets = new Map<string, CSSStyleSheet[]>();

/**
 * A widget's own stylesheet (see `WidgetDefinition.styles`) and the `@property` fallback of its
 * utilities, parsed once per page.
 */
function extraStyleSheets(css: string): CSSStyleSheet[] {
  let parsed = extraSheets.get(css);
  if (!parsed) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    const fallback = new CSSStyleSheet();
    fallback.replaceSync(propertyFallbackCss(sheet));
    parsed = [sheet, fallback];
    extraSheets.set(css, parsed);
  }
  return parsed;
}

/**
 * Give a shadow root the widget styles, then the widget's own (`extraCss`, later so they win).
 * Browsers without constructable stylesheets (before Safari 16.4) get `<style>` elements
 * instead, which need `style-src 'unsafe-inline'`.
 */
export function adoptWidgetStyles(root: ShadowRoot, extraCss: readonly string[] = []): void {
  if (supportsAdoptedStyleSheets()) {
    const own = [...widgetStyleSheets(), ...extraCss.flatMap(extraStyleSheets)];
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
