/**
 * The Config tab: the config content in a code view, as JSON or YAML, with the selected lines in
 * the URL (`?selected=3-7,12`) so a link shows the same lines and 'Attach as Evidence' can carry
 * them. Switching the format clears the selection (line numbers differ between formats).
 */
import { useMemo } from 'react';
import type { ConfigDetail } from '../../../api/catalog';
import { CodeView } from '../../../ui/code-view';
import { EmptyState } from '../../../ui/empty-state';
import { useUrlState } from '../../../ui/use-url-state';
import { CONFIG_FORMATS, configContent, configTabUrlSchema } from './config-detail-params';
import { SegmentedToggle } from '../../../ui/segmented-toggle';

const FORMAT_LABELS = { json: 'JSON', yaml: 'YAML' } as const;

export function ConfigContentTab({ config }: { config: ConfigDetail }) {
  const [state, setState] = useUrlState(configTabUrlSchema);
  const content = useMemo(
    () => configContent(config.config, state.format),
    [config.config, state.format],
  );
  if (!content) {
    return (
      <EmptyState
        title="No config content"
        description="The scraper stored no content for this config."
      />
    );
  }
  const name = config.name ?? config.id;
  return (
    <div className="flex flex-col gap-2">
      {content.convertible ? (
        <SegmentedToggle
          label="Format"
          size="sm"
          className="self-end"
          value={state.format}
          options={CONFIG_FORMATS.map((format) => ({
            value: format,
            label: FORMAT_LABELS[format],
          }))}
          onChange={(format) => setState({ format, selected: new Set() })}
        />
      ) : null}
      <CodeView
        content={content.text}
        language={content.language}
        label={`Config of ${name} (${FORMAT_LABELS[content.language]})`}
        selected={state.selected}
        onSelectedChange={(selected) => setState({ selected })}
        maxHeight="calc(100vh - 16rem)"
      />
    </div>
  );
}
