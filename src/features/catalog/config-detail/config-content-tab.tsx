/**
 * The Config tab: the config content in a code view, as JSON or YAML, with the selected lines in
 * the URL (`?selected=3-7,12`) so a link shows the same lines and 'Attach as Evidence' can carry
 * them. Switching the format clears the selection (line numbers differ between formats).
 */
import { useMemo } from 'react';
import type { ConfigDetail } from '../../../api/catalog';
import { AttachEvidenceButton } from '../../../entities/evidence/attach-evidence-button';
import { configLinesEvidence } from '../../../entities/evidence/config-lines';
import { IncidentIcon } from '../../../ui/icons';
import { CodeView } from '../../../ui/code-view';
import { EmptyState } from '../../../ui/empty-state';
import { useUrlState } from '../../../ui/use-url-state';
import { configContent } from './config-content';
import { CONFIG_FORMATS, configTabUrlSchema } from './config-detail-params';
import { SegmentedToggle } from '../../../ui/segmented-toggle';

const FORMAT_LABELS = { json: 'JSON', yaml: 'YAML' } as const;

/**
 * 'Attach as Evidence' (spec doc 2 §6): the config with the selected lines of what is shown, as a
 * config evidence (`config_id`, `evidence: {lines, selected_lines}`); an incident can also be
 * created from it. Hidden without write on incident or with incidents disabled.
 */
function AttachConfigLines({
  config,
  text,
  selected,
}: {
  config: ConfigDetail;
  text: string;
  selected: ReadonlySet<number>;
}) {
  const evidence = useMemo(() => configLinesEvidence(text, selected), [text, selected]);
  const name = config.name ?? config.id;
  const count = selected.size;
  const description = `${config.type ? `${config.type.split('::').pop()} ` : ''}${name}`;
  return (
    <AttachEvidenceButton
      size="sm"
      icon={<IncidentIcon size={16} />}
      subject={
        count > 0
          ? `${count} selected ${count === 1 ? 'line' : 'lines'} of ${name}`
          : `the config of ${name}`
      }
      defaultDescription={description}
      evidence={{ type: 'config', config_id: config.id, evidence: { ...evidence } }}
      createSubject={{
        kind: 'config',
        configId: config.id,
        lines: evidence.lines,
        selectedLines: evidence.selected_lines,
        description,
      }}
    />
  );
}

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
      <div className="flex flex-wrap items-center justify-end gap-2 empty:hidden">
        <AttachConfigLines config={config} text={content.text} selected={state.selected} />
        {content.convertible ? (
          <SegmentedToggle
            label="Format"
            size="sm"
            value={state.format}
            options={CONFIG_FORMATS.map((format) => ({
              value: format,
              label: FORMAT_LABELS[format],
            }))}
            onChange={(format) => setState({ format, selected: new Set() })}
          />
        ) : null}
      </div>
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
