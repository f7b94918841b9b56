/**
 * Runnable demo playbooks (VIGIL_SEED=demo only; docs/playbooks.md, "Demo playbooks"). The
 * generated playbooks of the world (operations.ts) illustrate the catalog and their runs are
 * history; these ones run for real on the playbook runner. Their http steps call the server itself
 * (`{{.vigil.url}}`), so they work offline. No runs are seeded for them: every run is a real one.
 *
 * - `demo-all-parameters`: every parameter type (code, checkbox, list, team, people, component,
 *   config, check, text), on Deployments, http checks and services;
 * - `demo-approval`: waits for approval (the editor as a person, or any SRE team member);
 * - `demo-failing-step`: its second step calls a closed port and fails the run; a clean-up step
 *   runs anyway (`if: always()`);
 * - `demo-delayed-steps`: a delay between steps (the step shows `sleeping`) and a retried step;
 * - `demo-exec`: a shell step, refused unless the server runs with VIGIL_PLAYBOOK_EXEC=true.
 */
import type { Queryable } from '../db/types';

export const DEMO_PLAYBOOK_NAMES = [
  'demo-all-parameters',
  'demo-approval',
  'demo-failing-step',
  'demo-delayed-steps',
  'demo-exec',
] as const;

const RESOURCES = {
  configs: [{ types: ['Kubernetes::Deployment'] }],
  checks: [{ types: ['http'] }],
  components: [{ types: ['Service'] }],
};

const HEALTH = '{{.vigil.url}}/api/health';

const PLAYBOOKS: { name: string; title: string; icon: string; spec: Record<string, unknown> }[] = [
  {
    name: 'demo-all-parameters',
    title: 'Diagnose with every parameter type',
    icon: 'playbook',
    spec: {
      category: 'Demo',
      description: 'Takes one parameter of each type and writes them to the step log',
      ...RESOURCES,
      parameters: [
        {
          name: 'summary',
          label: 'Summary',
          type: 'text',
          required: true,
          default: 'Investigate {{.config.name}}{{.check.name}}{{.component.name}}',
          properties: { minLength: 3, maxLength: 120 },
        },
        {
          name: 'ticket',
          label: 'Ticket (dns-1123 name)',
          type: 'text',
          default: 'ops-1',
          properties: { format: 'dns1123' },
        },
        {
          name: 'manifest',
          label: 'Patch',
          type: 'code',
          default: 'spec:\n  replicas: 3\n',
          properties: { language: 'yaml', size: 'small' },
        },
        { name: 'dry_run', label: 'Dry run', type: 'checkbox', default: 'true' },
        {
          name: 'severity',
          label: 'Severity',
          type: 'list',
          default: 'medium',
          properties: {
            options: [
              { label: 'Low', value: 'low' },
              { label: 'Medium', value: 'medium' },
              { label: 'High', value: 'high' },
            ],
          },
        },
        { name: 'team', label: 'Owning team', type: 'team' },
        { name: 'assignee', label: 'Assignee', type: 'people' },
        { name: 'component', label: 'Related component', type: 'component' },
        { name: 'config', label: 'Related config', type: 'config' },
        { name: 'check', label: 'Related check', type: 'check' },
      ],
      actions: [
        {
          name: 'record parameters',
          http: {
            url: HEALTH,
            headers: { 'X-Vigil-Playbook': '{{.playbook.name}}' },
          },
        },
        {
          name: 'server log',
          logs: { query: '', since: '1h', limit: 20 },
        },
      ],
    },
  },
  {
    name: 'demo-approval',
    title: 'Restart after approval',
    icon: 'playbook',
    spec: {
      category: 'Demo',
      description: 'Waits until the editor or a member of the SRE team approves the run',
      ...RESOURCES,
      parameters: [{ name: 'reason', label: 'Reason', type: 'text', required: true }],
      approval: {
        type: 'any',
        approvers: { people: ['editor@vigil.local'], teams: ['SRE'] },
      },
      actions: [
        { name: 'restart', http: { url: HEALTH } },
        { name: 'record', logs: { query: 'playbook', since: '15m', limit: 20 } },
      ],
    },
  },
  {
    name: 'demo-failing-step',
    title: 'Fail on the second step',
    icon: 'playbook',
    spec: {
      category: 'Demo',
      description: 'The second step calls a closed port, so the run fails there',
      ...RESOURCES,
      actions: [
        { name: 'check the server', http: { url: HEALTH } },
        { name: 'call a closed port', timeout: '10s', http: { url: 'http://127.0.0.1:2/' } },
        { name: 'never runs', http: { url: HEALTH } },
        { name: 'clean up', if: 'always()', http: { url: HEALTH } },
      ],
    },
  },
  {
    name: 'demo-delayed-steps',
    title: 'Steps with a delay',
    icon: 'playbook',
    spec: {
      category: 'Demo',
      description: 'Sleeps between steps, so the run shows a sleeping step for a few seconds',
      ...RESOURCES,
      parameters: [
        {
          name: 'wait',
          label: 'Wait (seconds)',
          type: 'text',
          default: '5',
          properties: { min: 1, max: 60 },
        },
      ],
      actions: [
        { name: 'before', http: { url: HEALTH } },
        { name: 'after the delay', delay: '5s', http: { url: HEALTH } },
        {
          name: 'with retries',
          retry: { limit: 2, duration: '1s' },
          http: { url: HEALTH },
        },
      ],
    },
  },
  {
    name: 'demo-exec',
    title: 'Run a shell step',
    icon: 'playbook',
    spec: {
      category: 'Demo',
      description: 'A shell script; the server refuses it unless VIGIL_PLAYBOOK_EXEC=true',
      ...RESOURCES,
      actions: [
        {
          name: 'uname',
          timeout: '30s',
          exec: { script: 'echo "running for {{.user.email}}"; uname -a' },
        },
      ],
    },
  },
];

/** Insert the demo playbooks (their titles, icons and categories on both the columns and spec). */
export async function seedDemoPlaybooks(
  tx: Queryable,
  options: { admin: string; createdAt: string },
): Promise<void> {
  for (const playbook of PLAYBOOKS) {
    const spec = { title: playbook.title, icon: playbook.icon, ...playbook.spec };
    await tx.query(
      `INSERT INTO playbooks (name, title, icon, description, category, spec, source, created_by,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'Demo', $5::jsonb, 'UI', $6, $7, $7)`,
      [
        playbook.name,
        playbook.title,
        playbook.icon,
        String(playbook.spec.description ?? ''),
        JSON.stringify(spec),
        options.admin,
        options.createdAt,
      ],
    );
  }
}
