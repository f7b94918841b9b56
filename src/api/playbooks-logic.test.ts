import { describe, expect, it } from 'vitest';
import {
  defaultStepId,
  groupByCategory,
  initialValues,
  isListedApprover,
  isStepClickable,
  parameterType,
  playbookNameFromTitle,
  rerunParams,
  runParams,
  runRefreshInterval,
  runSteps,
  statusLabel,
  stepRefreshInterval,
  validateParameter,
  validateParameters,
} from './playbooks-logic';
import { playbookRunsQuery } from './playbooks';

describe('refresh rules', () => {
  it('refreshes a run every 2 s until completed, failed or cancelled', () => {
    for (const status of ['scheduled', 'pending_approval', 'running', 'waiting', 'sleeping']) {
      expect(runRefreshInterval(status)).toBe(2000);
    }
    for (const status of ['completed', 'failed', 'cancelled']) {
      expect(runRefreshInterval(status)).toBe(false);
    }
    expect(runRefreshInterval(undefined)).toBe(2000);
  });

  it("refreshes a step's log every 1 s until it is completed or failed", () => {
    expect(stepRefreshInterval('running', 'running')).toBe(1000);
    expect(stepRefreshInterval('sleeping', 'running')).toBe(1000);
    expect(stepRefreshInterval('completed', 'running')).toBe(false);
    expect(stepRefreshInterval('failed', 'running')).toBe(false);
    expect(stepRefreshInterval('skipped', 'running')).toBe(false);
    // A step left running by a cancelled run is read once, not forever.
    expect(stepRefreshInterval('running', 'cancelled')).toBe(false);
  });
});

describe('step list', () => {
  const actions = [
    { id: 'a1', name: 'cordon', status: 'completed' },
    { id: 'a2', name: 'drain', status: 'skipped' },
  ];

  it("puts a synthetic 'Initialization' first when a failed run has an error", () => {
    const steps = runSteps(
      { status: 'failed', error: 'template: bad param', start_time: '2026-11-25T10:00:00Z' },
      actions,
    );
    expect(steps.map((step) => step.name)).toEqual(['Initialization', 'cordon', 'drain']);
    expect(steps[0]).toMatchObject({
      status: 'failed',
      error: 'template: bad param',
      synthetic: true,
    });
  });

  it('has no Initialization step otherwise', () => {
    expect(runSteps({ status: 'failed' }, actions)).toHaveLength(2);
    expect(runSteps({ status: 'completed', error: 'x' }, actions)).toHaveLength(2);
  });

  it('selects the last step by default; skipped steps are not clickable', () => {
    expect(actions[1]?.status).toBe('skipped');
    // The last step that can be opened: a skipped last step has no log to show.
    expect(defaultStepId(actions)).toBe('a1');
    expect(defaultStepId([actions[1]!])).toBe('a2');
    expect(defaultStepId([...actions, { ...actions[0]!, id: 'a3' }])).toBe('a3');
    expect(defaultStepId([])).toBeUndefined();
    expect(isStepClickable(actions[1]!)).toBe(false);
    expect(isStepClickable(actions[0]!)).toBe(true);
  });

  it('labels statuses', () => {
    expect(statusLabel('pending_approval')).toBe('Pending approval');
    expect(statusLabel('')).toBe('Unknown');
  });
});

describe('parameter validation', () => {
  it('requires required fields, whatever the type (checkbox excepted)', () => {
    for (const type of ['code', 'list', 'team', 'people', 'component', 'config', 'check', 'text']) {
      expect(validateParameter({ name: 'p', type, required: true }, ' ')).toBe(
        'This field is required',
      );
      expect(validateParameter({ name: 'p', type }, '')).toBeUndefined();
    }
    expect(validateParameter({ name: 'p', type: 'checkbox', required: true }, 'false')).toBe(
      undefined,
    );
  });

  it('checks text lengths, pattern, formats and numeric bounds', () => {
    const text = (properties: Record<string, unknown>) => ({ name: 't', type: 'text', properties });
    expect(validateParameter(text({ minLength: 3 }), 'ab')).toBe('Must be at least 3 characters');
    expect(validateParameter(text({ maxLength: 3 }), 'abcd')).toBe('Must be at most 3 characters');
    expect(validateParameter(text({ regex: '[a-z]+' }), 'abc')).toBeUndefined();
    expect(validateParameter(text({ regex: '[a-z]+' }), 'abc1')).toBe('Must match [a-z]+');
    expect(validateParameter(text({ format: 'dns1123' }), 'web-1.prod')).toBeUndefined();
    expect(validateParameter(text({ format: 'dns1123' }), 'Web_1')).toMatch(/lowercase/);
    expect(validateParameter(text({ format: 'bytes' }), '512Mi')).toBeUndefined();
    expect(validateParameter(text({ format: 'bytes' }), 'lots')).toMatch(/size/);
    expect(validateParameter(text({ format: 'millicores' }), '500m')).toBeUndefined();
    expect(validateParameter(text({ format: 'millicores' }), '1.5')).toBeUndefined();
    expect(validateParameter(text({ format: 'millicores' }), '5 cores')).toMatch(/CPU/);
    expect(validateParameter(text({ min: 1, max: 10 }), 'x')).toBe('This field must be a number');
    expect(validateParameter(text({ min: 1, max: 10 }), '0')).toBe('Must be at least 1');
    expect(validateParameter(text({ min: 1, max: 10 }), '11')).toBe('Must be at most 10');
    expect(validateParameter(text({ min: 1, max: 10 }), '10')).toBeUndefined();
    // The contract's bytes and millicores types are text with that format.
    expect(parameterType({ type: 'bytes' })).toBe('text');
    expect(validateParameter({ name: 'mem', type: 'bytes' }, 'much')).toMatch(/size/);
  });

  it('accepts only the options of a list', () => {
    const list = {
      name: 'env',
      type: 'list',
      properties: { options: [{ label: 'Production', value: 'prod' }, 'dev'] },
    };
    expect(validateParameter(list, 'prod')).toBeUndefined();
    expect(validateParameter(list, 'dev')).toBeUndefined();
    expect(validateParameter(list, 'staging')).toBe('Choose one of the options');
  });

  it('collects every error, starts from the defaults and sends strings', () => {
    const parameters = [
      { name: 'reason', required: true },
      { name: 'force', type: 'checkbox', default: true },
      { name: 'replicas', default: 3, properties: { min: 1 } },
      { name: 'note' },
    ];
    const values = initialValues(parameters);
    expect(values).toEqual({ reason: '', force: 'true', replicas: '3', note: '' });
    expect(validateParameters(parameters, values)).toEqual({ reason: 'This field is required' });
    expect(runParams(parameters, { ...values, reason: 'stuck' })).toEqual({
      reason: 'stuck',
      force: 'true',
      replicas: '3',
    });
    expect(rerunParams({ reason: 'stuck', replicas: 3 })).toEqual({
      reason: 'stuck',
      replicas: '3',
    });
    expect(rerunParams(null)).toEqual({});
  });
});

describe('cards, names and approvers', () => {
  it("groups cards by category, 'Other' last when none", () => {
    const groups = groupByCategory([
      { title: 'b', category: 'Kubernetes' },
      { title: 'z', category: '' },
      { title: 'a', category: 'Kubernetes' },
      { title: 'c', category: 'AWS' },
    ]);
    expect(groups.map((g) => [g.category, g.playbooks.map((p) => p.title)])).toEqual([
      ['AWS', ['c']],
      ['Kubernetes', ['a', 'b']],
      ['Other', ['z']],
    ]);
  });

  it('derives a name from the title', () => {
    expect(playbookNameFromTitle('  Restart Deployment! ')).toBe('restart-deployment');
    expect(playbookNameFromTitle('***')).toBe('playbook');
  });

  it('knows listed approvers by e-mail, name or team', () => {
    const approval = { approvers: { people: ['ada@example.com'], teams: ['SRE'] } };
    expect(isListedApprover(approval, { email: 'ADA@example.com' }, [])).toBe(true);
    expect(isListedApprover(approval, { email: 'bob@example.com' }, ['sre'])).toBe(true);
    expect(isListedApprover(approval, { email: 'bob@example.com' }, ['DBA'])).toBe(false);
    expect(isListedApprover(undefined, { email: 'ada@example.com' }, [])).toBe(false);
  });
});

describe('runs query', () => {
  it('filters, sorts, pages and bounds start or creation time (postgrest.md §8.7)', () => {
    const { path, query } = playbookRunsQuery({
      pageIndex: 2,
      pageSize: 50,
      playbookId: 'pb-1',
      status: 'failed',
      from: '2026-11-18T00:00:00.000Z',
      to: '2026-11-25T00:00:00.000Z',
      sortBy: 'created_at',
      sortOrder: 'desc',
    });
    expect(path).toBe('/db/playbook_runs');
    const params = new URLSearchParams(query);
    expect(params.get('status')).toBe('eq.failed');
    expect(params.get('playbook_id')).toBe('eq.pb-1');
    expect(params.get('order')).toBe('created_at.desc.nullslast,id.desc');
    expect(params.get('limit')).toBe('50');
    expect(params.get('offset')).toBe('100');
    expect(params.get('or')).toBe(
      '(and(start_time.gte.2026-11-18T00:00:00.000Z,start_time.lte.2026-11-25T00:00:00.000Z),and(created_at.gte.2026-11-18T00:00:00.000Z,created_at.lte.2026-11-25T00:00:00.000Z))',
    );
    expect(params.get('select')).toContain('playbooks(id,name,title,spec,icon)');
  });
});
