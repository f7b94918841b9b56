/**
 * Installation Instructions of a new agent (spec doc 1 §2): the credentials (upstream host, user
 * `token`, the access token as password — shown once) and the install commands in two tabs,
 * Flux and Helm CLI, each with a copy button. The scrape interval can still be changed here.
 */
import { useId, useMemo, useState } from 'react';
import { useRuntimeConfig } from '../../api/api-context';
import { Button } from '../../ui/button';
import { copyToClipboard } from '../../ui/copy-to-clipboard';
import { Dialog } from '../../ui/dialog';
import { CopyIcon, InfoIcon } from '../../ui/icons';
import { IconButton } from '../../ui/icon-button';
import { Tabs } from '../../ui/tabs';
import { SCRAPE_INTERVALS, isScrapeInterval, type ScrapeInterval } from './agent-form';
import { selectClass } from './agent-fields';
import {
  AGENT_USERNAME,
  fluxManifests,
  helmInstallCommands,
  upstreamHost,
  type InstallOptions,
} from './agent-install';

export interface CreatedAgent {
  name: string;
  accessToken: string;
  kubernetes: { enabled: boolean; interval: ScrapeInterval };
  pushTelemetry: { enabled: boolean; topologyName?: string };
}

const TABS = [
  { id: 'flux', label: 'Flux' },
  { id: 'helm', label: 'Helm CLI' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function Credential({ label, value, secret }: { label: string; value: string; secret?: boolean }) {
  // The one-time token's copy button takes the initial focus: Enter copies rather than closes.
  return (
    <div className="flex min-w-0 items-center gap-2">
      <dt className="w-32 shrink-0 text-sm text-fg-muted">{label}</dt>
      <dd className="flex min-w-0 flex-1 items-center gap-1 rounded-md border border-border bg-surface-sunken py-0.5 pr-0.5 pl-2">
        <code
          className="min-w-0 flex-1 font-mono text-xs break-all text-fg"
          data-secret={secret || undefined}
        >
          {value}
        </code>
        <IconButton
          label={`Copy ${label.toLowerCase()}`}
          size="sm"
          icon={<CopyIcon size={14} />}
          onClick={() => void copyToClipboard(value)}
          data-autofocus={secret || undefined}
        />
      </dd>
    </div>
  );
}

function CodeBlock({ label, text }: { label: string; text: string }) {
  return (
    <div className="rounded-md border border-border bg-surface-sunken">
      <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-1.5">
        <span className="text-xs font-medium text-fg-muted">{label}</span>
        <Button
          size="sm"
          variant="ghost"
          icon={<CopyIcon size={14} />}
          onClick={() => void copyToClipboard(text)}
        >
          Copy
          <span className="sr-only"> {label.toLowerCase()}</span>
        </Button>
      </div>
      {/* Wrapped, not scrolled: a scrolling block would need its own tab stop. */}
      <pre className="p-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-fg">
        <code>{text}</code>
      </pre>
    </div>
  );
}

export interface AgentInstallDialogProps {
  open: boolean;
  onClose: () => void;
  agent: CreatedAgent;
}

export function AgentInstallDialog({ open, onClose, agent }: AgentInstallDialogProps) {
  const config = useRuntimeConfig();
  const intervalId = useId();
  const [tab, setTab] = useState<TabId>('flux');
  const [interval, setScrapeInterval] = useState<ScrapeInterval>(agent.kubernetes.interval);
  const host = upstreamHost(config.apiBase, window.location.origin);
  const options: InstallOptions = useMemo(
    () => ({
      agentName: agent.name,
      accessToken: agent.accessToken,
      host,
      kubernetes: { enabled: agent.kubernetes.enabled, interval },
      pushTelemetry: agent.pushTelemetry,
    }),
    [agent, host, interval],
  );
  const text = tab === 'flux' ? fluxManifests(options) : helmInstallCommands(options);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title="Installation Instructions"
      description={
        <>
          Agent <strong className="font-semibold text-fg">{agent.name}</strong> was created. Install
          it in the cluster it watches with Flux or the Helm CLI.
        </>
      }
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <p className="flex items-start gap-2 rounded-md border border-warning bg-warning-soft px-3 py-2 text-sm text-fg">
          <InfoIcon size={16} className="mt-0.5 shrink-0 text-warning" />
          <span>
            The access token is shown only once. Copy it, or the commands below, before you close
            this dialog.
          </span>
        </p>
        <h3 className="-mb-2 text-sm font-semibold text-fg">Credentials</h3>
        <dl className="flex flex-col gap-2">
          <Credential label="Upstream host" value={host} />
          <Credential label="Username" value={AGENT_USERNAME} />
          <Credential label="Access token" value={agent.accessToken} secret />
        </dl>
        {agent.kubernetes.enabled ? (
          <div className="flex items-center gap-2">
            <label htmlFor={intervalId} className="text-sm text-fg-muted">
              Scrape interval
            </label>
            <select
              id={intervalId}
              className={selectClass}
              value={interval}
              onChange={(event) => {
                if (isScrapeInterval(event.target.value)) setScrapeInterval(event.target.value);
              }}
            >
              {SCRAPE_INTERVALS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <Tabs
          label="Installation method"
          items={TABS}
          selectedId={tab}
          onChange={(id) => setTab(id === 'helm' ? 'helm' : 'flux')}
        >
          <div className="flex flex-col gap-2 pt-3">
            <p className="text-sm text-fg-muted">
              {tab === 'flux'
                ? 'Commit these manifests to the repository Flux reconciles, or apply them with kubectl apply -f.'
                : 'Run these commands with a kubeconfig for the target cluster.'}
            </p>
            <CodeBlock label={tab === 'flux' ? 'Flux manifests' : 'Helm commands'} text={text} />
          </div>
        </Tabs>
      </div>
    </Dialog>
  );
}
