import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../lib/yaml';
import {
  fluxManifests,
  helmInstallCommands,
  shellQuote,
  upstreamHost,
  type InstallOptions,
} from './agent-install';

const options: InstallOptions = {
  agentName: 'edge-1',
  accessToken: 'tok3n',
  host: 'https://vigil.example.com',
  kubernetes: { enabled: true, interval: '30m' },
  pushTelemetry: { enabled: false },
};

describe('upstreamHost', () => {
  it("is the console's origin unless the API base is absolute", () => {
    expect(upstreamHost('/api', 'https://console.example.com')).toBe('https://console.example.com');
    expect(upstreamHost('https://mc.example.com/api', 'https://console.example.com')).toBe(
      'https://mc.example.com',
    );
  });
});

describe('helmInstallCommands', () => {
  it('installs the agent chart with user token and the access token as password', () => {
    const text = helmInstallCommands(options);
    expect(text).toContain('helm repo add flanksource https://flanksource.github.io/charts');
    expect(text).toContain('helm install mc-agent flanksource/mission-control-agent');
    expect(text).toContain('--set-string upstream.host=https://vigil.example.com');
    expect(text).toContain('--set-string upstream.username=token');
    expect(text).toContain('--set-string upstream.password=tok3n');
    expect(text).toContain('--set-string upstream.agentName=edge-1');
    expect(text).toContain('--set upstream.createSecret=true');
    expect(text).not.toContain('pushTelemetry');
    // Kubernetes scraping at the chosen interval.
    expect(text).toContain('helm install mc-agent-kubernetes flanksource/mc-agent-kubernetes');
    expect(text).toContain('--set-string scraper.schedule=30m');
  });

  it('adds telemetry, leaves out Kubernetes when off, and quotes odd values', () => {
    const text = helmInstallCommands({
      ...options,
      agentName: "it's, odd",
      kubernetes: { enabled: false, interval: '30m' },
      pushTelemetry: { enabled: true, topologyName: 'edge topology' },
    });
    expect(text).toContain('--set pushTelemetry.enabled=true');
    expect(text).toContain("--set-string 'pushTelemetry.topologyName=edge topology'");
    expect(text).toContain(`--set-string 'upstream.agentName=it'\\''s\\, odd'`);
    expect(text).not.toContain('mc-agent-kubernetes');
  });

  it('quotes shell words only when needed', () => {
    expect(shellQuote('a=b')).toBe('a=b');
    expect(shellQuote('a b')).toBe("'a b'");
    expect(shellQuote('$x')).toBe("'$x'");
  });
});

describe('fluxManifests', () => {
  it('renders the repository and releases with nested values', () => {
    const documents = fluxManifests({
      ...options,
      pushTelemetry: { enabled: true, topologyName: 'edge' },
    })
      .split(/^---$/m)
      .map((text) => {
        const parsed = parseYaml(text);
        if (!parsed.ok) throw new Error(parsed.error);
        return parsed.value as { kind: string; metadata: { name: string }; spec?: never };
      });
    expect(documents.map((d) => `${d.kind}/${d.metadata.name}`)).toEqual([
      'Namespace/mission-control-agent',
      'HelmRepository/flanksource',
      'HelmRelease/mc-agent',
      'HelmRelease/mc-agent-kubernetes',
    ]);
    const agent = documents[2] as unknown as {
      spec: { chart: { spec: { chart: string } }; values: Record<string, unknown> };
    };
    expect(agent.spec.chart.spec.chart).toBe('mission-control-agent');
    expect(agent.spec.values).toEqual({
      upstream: {
        createSecret: true,
        host: 'https://vigil.example.com',
        username: 'token',
        password: 'tok3n',
        agentName: 'edge-1',
      },
      pushTelemetry: { enabled: true, topologyName: 'edge' },
    });
    const kubernetes = documents[3] as unknown as { spec: { values: Record<string, unknown> } };
    expect(kubernetes.spec.values).toEqual({
      clusterName: 'edge-1',
      scraper: { schedule: '30m' },
    });
  });

  it('has no Kubernetes release when Kubernetes is off', () => {
    const text = fluxManifests({ ...options, kubernetes: { enabled: false, interval: '30m' } });
    expect(text).not.toContain('mc-agent-kubernetes');
  });
});
