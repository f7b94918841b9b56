/**
 * The config content as text (the Config tab). Its own module because YAML output needs the
 * `yaml` package, which only the Config tab loads (lazily, with the tab).
 */
import { toYaml } from '../../../lib/yaml';
import type { CodeLanguage } from '../../../ui/code-view';
import type { ConfigFormat } from './config-detail-params';

export interface ConfigContent {
  text: string;
  language: CodeLanguage;
  /** Whether the content is structured (so it can be shown as JSON or YAML). */
  convertible: boolean;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * The config content as text: structured content (the jsonb `config`, or a string holding JSON)
 * in the chosen format, JSON pretty-printed with two spaces; other text as stored (shown with
 * YAML colouring, the usual format of text configs). Null when there is none.
 */
export function configContent(config: unknown, format: ConfigFormat): ConfigContent | null {
  if (config === null || config === undefined) return null;
  let value: unknown = config;
  if (typeof config === 'string') {
    const parsed =
      config.trim().startsWith('{') || config.trim().startsWith('[')
        ? parseJson(config)
        : undefined;
    if (!parsed?.ok) {
      if (config.trim() === '') return null;
      return { text: config, language: 'yaml', convertible: false };
    }
    value = parsed.value;
  }
  if (format === 'yaml') {
    return { text: toYaml(value).replace(/\n$/, ''), language: 'yaml', convertible: true };
  }
  return { text: JSON.stringify(value, null, 2), language: 'json', convertible: true };
}
