import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../../lib/yaml';
import {
  GITOPS_CHOICES,
  GITOPS_DEFAULTS,
  flattenValues,
  fluxManifest,
  gitOpsFieldProblems,
  helmCommand,
} from './gitops';

const kubernetes = GITOPS_CHOICES.find((choice) => choice.id === 'kubernetes')!;
const form = {
  name: 'mission-control-kubernetes',
  namespace: GITOPS_DEFAULTS.namespace,
  interval: GITOPS_DEFAULTS.interval,
  values: { clusterName: 'prod, eu', scraper: { schedule: '@every 30m' }, enabled: true },
};

describe('GitOps integrations', () => {
  it('offers the six charts with the spec defaults', () => {
    expect(GITOPS_CHOICES.map((choice) => choice.label)).toEqual([
      'AWS',
      'Azure',
      'Prometheus',
      'Flux',
      'Kubernetes',
      'Mission Control',
    ]);
    expect(GITOPS_DEFAULTS).toEqual({ namespace: 'mission-control', interval: '30m' });
    for (const choice of GITOPS_CHOICES) expect(parseYaml(choice.values).ok).toBe(true);
  });

  it('generates the Flux HelmRepository and HelmRelease with the values', () => {
    const manifest = fluxManifest(kubernetes, form);
    const [repository, release] = manifest.split('---\n').map((part) => parseYaml(part));
    expect(repository).toEqual({
      ok: true,
      value: {
        apiVersion: 'source.toolkit.fluxcd.io/v1',
        kind: 'HelmRepository',
        metadata: { name: 'flanksource', namespace: 'mission-control' },
        spec: { interval: '30m', url: 'https://flanksource.github.io/charts' },
      },
    });
    expect(release?.ok && release.value).toMatchObject({
      kind: 'HelmRelease',
      metadata: { name: 'mission-control-kubernetes', namespace: 'mission-control' },
      spec: {
        interval: '30m',
        chart: { spec: { chart: 'mission-control-kubernetes' } },
        values: form.values,
      },
    });
  });

  it('generates the Helm command with escaped, quoted values', () => {
    expect(helmCommand(kubernetes, form)).toBe(
      [
        'helm repo add flanksource https://flanksource.github.io/charts',
        'helm repo update',
        'helm upgrade --install mission-control-kubernetes flanksource/mission-control-kubernetes \\',
        '  --namespace mission-control --create-namespace \\',
        "  --set-string 'clusterName=prod\\, eu' \\",
        "  --set-string 'scraper.schedule=@every 30m' \\",
        '  --set enabled=true',
      ].join('\n'),
    );
    expect(flattenValues({ 'a.b': [1, { c: null }] })).toEqual([
      ['a\\.b[0]', '1'],
      ['a\\.b[1].c', 'null'],
    ]);
  });

  it('checks the release fields', () => {
    expect(gitOpsFieldProblems({ name: '', namespace: 'Bad_NS', interval: 'soon' })).toEqual({
      name: 'This field is required',
      namespace: 'Lowercase letters, digits and hyphens (at most 63)',
      interval: 'A duration such as 30m or 1h',
    });
    expect(gitOpsFieldProblems(form)).toEqual({});
  });
});
