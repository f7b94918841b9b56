/**
 * Add Integration (spec doc 3 §2.6): a full-size dialog. Add via GitOps (AWS, Azure, Prometheus,
 * Flux, Kubernetes, Mission Control): release name, namespace and interval, a values editor
 * validated by the chart's JSON schema, and two tabs — the generated Flux HelmRelease manifest and
 * the Helm command — copyable once the form is valid; Flux shows its warning. Add Directly (Custom
 * Topology, Catalog Scraper, Log Backends — the last hidden when logs are disabled) continues in
 * the resource's own add dialog.
 */
import { useMemo, useState } from 'react';
import { parseYaml } from '../../../lib/yaml';
import { useFeatureEnabled } from '../../../rbac/flags-context';
import { Button } from '../../../ui/button';
import { copyToClipboard } from '../../../ui/copy-to-clipboard';
import { Dialog } from '../../../ui/dialog';
import { TextInputField } from '../../../ui/form-field';
import { AlertCircleIcon, CopyIcon } from '../../../ui/icons';
import { Tabs } from '../../../ui/tabs';
import { SpecEditor, type EditorDiagnostic } from '../spec-editor/spec-editor';
import {
  FLUX_WARNING,
  GITOPS_CHOICES,
  GITOPS_DEFAULTS,
  fluxManifest,
  gitOpsFieldProblems,
  helmCommand,
  type GitOpsChoice,
} from './gitops';

export type DirectChoice = 'topologies' | 'config_scrapers' | 'logging_backends';

const DIRECT_CHOICES: { id: DirectChoice; label: string; description: string }[] = [
  { id: 'topologies', label: 'Custom Topology', description: 'Build a topology from a spec.' },
  {
    id: 'config_scrapers',
    label: 'Catalog Scraper',
    description: 'Scrape configs into the catalog.',
  },
  {
    id: 'logging_backends',
    label: 'Log Backends',
    description: 'Where component logs are read from.',
  },
];

function ChoiceButton({
  label,
  description,
  selected,
  onClick,
}: {
  label: string;
  description: string;
  selected?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onClick}
      className={`flex flex-col items-start gap-1 rounded-lg border px-4 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
        selected
          ? 'border-primary bg-primary-soft'
          : 'border-border bg-surface hover:border-border-strong hover:bg-surface-hover'
      }`}
    >
      <span className="text-sm font-semibold text-fg">{label}</span>
      <span className="text-xs text-fg-muted">{description}</span>
    </button>
  );
}

function GitOpsForm({ choice }: { choice: GitOpsChoice }) {
  const [name, setName] = useState(choice.chart);
  const [namespace, setNamespace] = useState<string>(GITOPS_DEFAULTS.namespace);
  const [interval, setInterval] = useState<string>(GITOPS_DEFAULTS.interval);
  const [valuesText, setValuesText] = useState(choice.values);
  const [diagnostics, setDiagnostics] = useState<EditorDiagnostic[]>([]);
  const [tab, setTab] = useState<'flux' | 'helm'>('flux');
  const problems = gitOpsFieldProblems({ name, namespace, interval });
  const values = useMemo(() => {
    const parsed = parseYaml(valuesText);
    if (!parsed.ok) return undefined;
    if (parsed.value === null || parsed.value === undefined) return {};
    return typeof parsed.value === 'object' && !Array.isArray(parsed.value)
      ? (parsed.value as Record<string, unknown>)
      : undefined;
  }, [valuesText]);
  const valid =
    Object.keys(problems).length === 0 && values !== undefined && diagnostics.length === 0;
  const output = useMemo(() => {
    if (!values) return '';
    const form = { name, namespace, interval, values };
    return tab === 'flux' ? fluxManifest(choice, form) : helmCommand(choice, form);
  }, [choice, name, namespace, interval, values, tab]);

  return (
    <div className="grid min-h-0 gap-5 lg:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-4">
        {choice.id === 'flux' ? (
          <p
            role="note"
            className="flex gap-2 rounded-md bg-warning-soft px-3 py-2 text-sm text-fg"
          >
            <AlertCircleIcon size={16} className="mt-0.5 shrink-0 text-warning" />
            {FLUX_WARNING}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-3">
          <TextInputField
            label="Name"
            value={name}
            onChange={setName}
            error={problems.name}
            required
          />
          <TextInputField
            label="Namespace"
            value={namespace}
            onChange={setNamespace}
            error={problems.namespace}
            required
          />
          <TextInputField
            label="Interval"
            value={interval}
            onChange={setInterval}
            error={problems.interval}
            required
          />
        </div>
        <div>
          <p className="mb-1 text-sm font-medium text-fg">Values</p>
          <SpecEditor
            label={`${choice.label} chart values`}
            language="yaml"
            value={valuesText}
            onChange={setValuesText}
            schema={choice.schema}
            onDiagnostics={setDiagnostics}
            height="260px"
          />
          {diagnostics.length > 0 ? (
            <ul role="alert" className="mt-2 space-y-0.5 text-xs font-medium text-danger">
              {diagnostics.slice(0, 5).map((item, index) => (
                <li key={index}>
                  Line {item.line}, column {item.column}: {item.message}
                </li>
              ))}
            </ul>
          ) : null}
          {values === undefined && diagnostics.length === 0 ? (
            <p role="alert" className="mt-2 text-xs font-medium text-danger">
              The values must be a YAML map.
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <Tabs
          label="Install with"
          items={[
            { id: 'flux', label: 'Flux' },
            { id: 'helm', label: 'Helm' },
          ]}
          selectedId={tab}
          onChange={(id) => setTab(id as 'flux' | 'helm')}
        >
          <div className="mt-3 flex flex-col gap-2">
            <pre
              aria-label={tab === 'flux' ? 'Flux HelmRelease manifest' : 'Helm command'}
              className="max-h-[50vh] min-h-40 overflow-auto rounded-md border border-border bg-surface-sunken p-3 font-mono text-xs text-fg"
            >
              {valid ? output : 'Fix the form to see the result.'}
            </pre>
            <div>
              <Button
                variant="primary"
                icon={<CopyIcon size={16} />}
                disabled={!valid}
                onClick={() => void copyToClipboard(output)}
              >
                {tab === 'flux' ? 'Copy manifest' : 'Copy command'}
              </Button>
            </div>
          </div>
        </Tabs>
      </div>
    </div>
  );
}

export function AddIntegrationDialog({
  onClose,
  onDirect,
}: {
  onClose: () => void;
  /** Continue in the resource's own add dialog. */
  onDirect: (choice: DirectChoice) => void;
}) {
  const logsEnabled = useFeatureEnabled('logs');
  const [choice, setChoice] = useState<GitOpsChoice | undefined>();
  const direct = DIRECT_CHOICES.filter((item) => item.id !== 'logging_backends' || logsEnabled);
  return (
    <Dialog
      open
      onClose={onClose}
      size="full"
      title={choice ? `Add ${choice.label} via GitOps` : 'Add Integration'}
      description={
        choice
          ? `Installs the ${choice.chart} chart. Commit the manifest to the repository Flux watches, or run the Helm command.`
          : 'Pick what to connect.'
      }
      footer={
        <>
          {choice ? (
            <Button className="mr-auto" onClick={() => setChoice(undefined)}>
              Back
            </Button>
          ) : null}
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      {choice ? (
        <GitOpsForm key={choice.id} choice={choice} />
      ) : (
        <div className="flex flex-col gap-6">
          <section aria-labelledby="gitops-heading">
            <h3 id="gitops-heading" className="mb-3 text-sm font-semibold text-fg">
              Add via GitOps
            </h3>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {GITOPS_CHOICES.map((item) => (
                <ChoiceButton
                  key={item.id}
                  label={item.label}
                  description={item.description}
                  onClick={() => setChoice(item)}
                />
              ))}
            </div>
          </section>
          <section aria-labelledby="direct-heading">
            <h3 id="direct-heading" className="mb-3 text-sm font-semibold text-fg">
              Add Directly
            </h3>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {direct.map((item) => (
                <ChoiceButton
                  key={item.id}
                  label={item.label}
                  description={item.description}
                  onClick={() => onDirect(item.id)}
                />
              ))}
            </div>
          </section>
        </div>
      )}
    </Dialog>
  );
}
