/**
 * What the `/playbook` endpoints do (api.md §10, docs/playbooks.md): playbooks runnable on a
 * resource, their parameters for it, starting a run (validated: the spec, the resource against the
 * selectors, the parameters), approving or rejecting a run that waits for approval, cancelling a
 * run. Every refusal is a {@link PlaybookRefusal} with the contract's status and texts.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Caller } from '../auth/accounts';
import type { Queryable, Db } from '../db/types';
import { isUuid } from '../http/validate';
import { renderParameters, resolveParams } from './params';
import { loadResource, selectorRejection, type Resource, type ResourceKind } from './resources';
import { LOCAL_AGENT, TERMINAL_RUN_STATUSES } from './runner';
import { needsApproval, parsePlaybookSpec, type Parameter, type PlaybookSpec } from './spec';
import type { TemplateContext } from './template';

export class PlaybookRefusal {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422,
    readonly error: string,
    readonly message?: string,
  ) {}
}

/** The event written when a run starts waiting for approval (docs/playbooks.md, "Approvals"). */
export const APPROVAL_IN_PROGRESS_EVENT = 'playbook.approval.inprogress';

const RESOURCE_KEYS = [
  ['config_id', 'config'],
  ['component_id', 'component'],
  ['check_id', 'check'],
] as const;

export interface PlaybookRow {
  id: string;
  name: string;
  namespace: string;
  title: string;
  spec: unknown;
}

async function loadPlaybook(db: Queryable, id: string): Promise<PlaybookRow | undefined> {
  if (!isUuid(id)) return undefined;
  const result = await db.query<PlaybookRow>(
    `SELECT id::text, name, namespace, title, spec FROM playbooks
     WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  return result.rows[0];
}

function specOf(playbook: PlaybookRow): PlaybookSpec {
  const parsed = parsePlaybookSpec(playbook.spec);
  if (!parsed.ok) {
    throw new PlaybookRefusal(
      422,
      'Playbook validation failed',
      `playbook "${playbook.name}" has an invalid spec: ${parsed.problems.join('; ')}`,
    );
  }
  return parsed.spec;
}

/** The resource ids a body or query names, with the contract's checks. */
function resourceOf(
  source: Record<string, unknown>,
  exactlyOne: boolean,
): { kind: ResourceKind; id: string } | undefined {
  const present = RESOURCE_KEYS.filter(([key]) => {
    const value = source[key];
    return value !== undefined && value !== null && value !== '';
  });
  if (exactlyOne && present.length !== 1) {
    throw new PlaybookRefusal(
      400,
      'provide exactly one of: config_id, check_id or component_id',
      'invalid request',
    );
  }
  if (present.length > 1) {
    throw new PlaybookRefusal(
      400,
      'provide none or exactly one of config_id, component_id, or check_id',
      'invalid request',
    );
  }
  const first = present[0];
  if (!first) return undefined;
  const value = source[first[0]];
  if (typeof value !== 'string' || !isUuid(value)) {
    throw new PlaybookRefusal(400, `${first[0]} must be a uuid`, 'invalid request');
  }
  return { kind: first[1], id: value };
}

async function resolveResource(
  db: Queryable,
  target: { kind: ResourceKind; id: string } | undefined,
): Promise<Resource | undefined> {
  if (!target) return undefined;
  const resource = await loadResource(db, target.kind, target.id);
  if (!resource) {
    throw new PlaybookRefusal(404, 'not found', `${target.kind}(id=${target.id}) not found`);
  }
  return resource;
}

function contextFor(resource: Resource | undefined, caller: Caller | undefined): TemplateContext {
  const context: TemplateContext = {};
  if (resource) context[resource.kind] = resource.view;
  if (caller) context.user = { id: caller.id, name: caller.name, email: caller.email ?? '' };
  return context;
}

/** GET /playbook/list: playbooks whose selectors match the resource (api.md §10.1). */
export async function listForResource(
  db: Queryable,
  query: Record<string, unknown>,
): Promise<{ id: string; name: string; parameters?: Parameter[] }[]> {
  const resource = await resolveResource(db, resourceOf(query, true));
  if (!resource) return [];
  const rows = await db.query<PlaybookRow>(
    `SELECT id::text, name, namespace, title, spec FROM playbooks
     WHERE deleted_at IS NULL ORDER BY name, id LIMIT 1000`,
  );
  const out: { id: string; name: string; parameters?: Parameter[] }[] = [];
  for (const playbook of rows.rows) {
    const parsed = parsePlaybookSpec(playbook.spec);
    // A playbook with an invalid spec cannot run; the list offers what can.
    if (!parsed.ok || selectorRejection(parsed.spec, resource) !== undefined) continue;
    const parameters = renderParameters(parsed.spec, contextFor(resource, undefined));
    out.push({
      id: playbook.id,
      name: playbook.name,
      ...(parameters.length > 0 ? { parameters } : {}),
    });
  }
  return out;
}

/** POST /playbook/{id}/params (api.md §10.2). */
export async function paramsFor(
  db: Queryable,
  body: Record<string, unknown>,
  caller: Caller,
): Promise<{ params: Parameter[] }> {
  const id = body.id;
  if (typeof id !== 'string' || id === '') {
    throw new PlaybookRefusal(400, 'playbook id is required', 'invalid request');
  }
  const target = resourceOf(body, false);
  const playbook = await loadPlaybook(db, id);
  if (!playbook) throw new PlaybookRefusal(404, 'not found', `playbook(id=${id}) not found`);
  const spec = specOf(playbook);
  const resource = await resolveResource(db, target);
  if (resource) {
    const why = selectorRejection(spec, resource);
    if (why) throw new PlaybookRefusal(422, 'Playbook validation failed', why);
  }
  return { params: renderParameters(spec, contextFor(resource, caller)) };
}

/** POST /playbook/run (api.md §10.3): the new run's id and scheduled time. */
export async function createRun(
  db: Db,
  body: Record<string, unknown>,
  caller: Caller,
): Promise<{ run_id: string; starts_at: string }> {
  const id = body.id;
  if (typeof id !== 'string' || id === '') {
    throw new PlaybookRefusal(400, 'playbook id is required', 'invalid request');
  }
  const target = resourceOf(body, false);
  if (body.agent_id !== undefined && body.agent_id !== null && body.agent_id !== LOCAL_AGENT) {
    if (typeof body.agent_id !== 'string' || !isUuid(body.agent_id)) {
      throw new PlaybookRefusal(400, 'agent_id must be a uuid', 'invalid request');
    }
    throw new PlaybookRefusal(
      422,
      'Vigil runs playbooks on the local agent only',
      `agent ${body.agent_id} cannot run playbooks`,
    );
  }
  const playbook = await loadPlaybook(db, id);
  if (!playbook) throw new PlaybookRefusal(404, `playbook '${id}' not found`);
  const spec = specOf(playbook);
  const resource = await resolveResource(db, target);
  if (resource) {
    const why = selectorRejection(spec, resource);
    if (why) throw new PlaybookRefusal(422, why, 'Playbook validation failed');
  } else if (
    (spec.checks ?? []).length + (spec.configs ?? []).length + (spec.components ?? []).length >
    0
  ) {
    throw new PlaybookRefusal(
      400,
      'this playbook runs on a resource: provide one of config_id, component_id or check_id',
      'invalid request',
    );
  }
  const params = await resolveParams(db, spec, body.params, contextFor(resource, caller));
  if (!params.ok) throw new PlaybookRefusal(params.status, params.error, 'invalid parameters');
  const approval = needsApproval(spec);
  return db.transaction(async (tx) => {
    const inserted = await tx.query<{ id: string; scheduled_time: Date | string }>(
      `INSERT INTO playbook_runs (playbook_id, spec, status, created_by, check_id, config_id,
         component_id, parameters, request, agent_id)
       VALUES ($1, $2::jsonb, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10)
       RETURNING id::text, scheduled_time`,
      [
        playbook.id,
        JSON.stringify(playbook.spec),
        approval ? 'pending_approval' : 'scheduled',
        caller.id,
        resource?.kind === 'check' ? resource.id : null,
        resource?.kind === 'config' ? resource.id : null,
        resource?.kind === 'component' ? resource.id : null,
        JSON.stringify(params.params),
        JSON.stringify({ source: 'ui', user: caller.email ?? caller.name }),
        LOCAL_AGENT,
      ],
    );
    const run = inserted.rows[0];
    if (!run) throw new Error('the run was not inserted');
    if (approval) {
      await tx.query(`SELECT vigil_enqueue_event($1, $2::jsonb)`, [
        APPROVAL_IN_PROGRESS_EVENT,
        JSON.stringify({ id: run.id, run_id: run.id, playbook_id: playbook.id }),
      ]);
    }
    if (resource?.kind === 'config') {
      await tx.query(
        `INSERT INTO config_changes (config_id, change_type, severity, source, summary, details,
           created_by, created_at)
         VALUES ($1, 'PlaybookScheduled', 'info', 'Playbook', $2, $3::jsonb, $4, now())`,
        [
          resource.id,
          `Playbook "${playbook.title || playbook.name}" scheduled`,
          JSON.stringify({ playbook_id: playbook.id, run_id: run.id }),
          caller.id,
        ],
      );
    }
    return { run_id: run.id, starts_at: new Date(run.scheduled_time).toISOString() };
  });
}

interface RunForApproval {
  id: string;
  status: string;
  spec: unknown;
}

async function runForApproval(db: Queryable, runId: string): Promise<RunForApproval> {
  if (!isUuid(runId))
    throw new PlaybookRefusal(400, `run id ${runId.slice(0, 60)} is not a uuid`, 'invalid run id');
  const result = await db.query<RunForApproval>(
    `SELECT id::text, status, spec FROM playbook_runs WHERE id = $1`,
    [runId],
  );
  const run = result.rows[0];
  if (!run) throw new PlaybookRefusal(404, `playbook run (id=${runId}) not found`);
  return run;
}

interface ApproverMatch {
  spec: PlaybookSpec;
  personId?: string;
  teamId?: string;
}

/** How the caller may approve the run (as a listed person, else as a member of a listed team). */
async function approverOf(
  db: Queryable,
  run: RunForApproval,
  caller: Caller,
): Promise<ApproverMatch> {
  const parsed = parsePlaybookSpec(typeof run.spec === 'string' ? JSON.parse(run.spec) : run.spec);
  if (!parsed.ok || !needsApproval(parsed.spec)) {
    throw new PlaybookRefusal(400, 'this playbook does not require approval');
  }
  const approvers = parsed.spec.approval?.approvers ?? {};
  const email = (caller.email ?? '').toLowerCase();
  const listed = (approvers.people ?? []).some(
    (person) => person.toLowerCase() === email || person === caller.name,
  );
  if (listed) return { spec: parsed.spec, personId: caller.id };
  if ((approvers.teams ?? []).length > 0) {
    const teams = await db.query<{ id: string }>(
      `SELECT t.id::text FROM teams t JOIN team_members m ON m.team_id = t.id
       WHERE m.person_id = $1 AND t.deleted_at IS NULL AND t.name = ANY($2::text[])
       ORDER BY t.name LIMIT 1`,
      [caller.id, approvers.teams ?? []],
    );
    const team = teams.rows[0];
    if (team) return { spec: parsed.spec, teamId: team.id };
  }
  throw new PlaybookRefusal(403, 'you are not allowed to approve this playbook run');
}

/** Whether the approvals of a run satisfy its spec's `approval.type`. */
async function approved(tx: Queryable, runId: string, spec: PlaybookSpec): Promise<boolean> {
  const rows = await tx.query<{ email: string | null; name: string | null; team: string | null }>(
    `SELECT lower(p.email) AS email, p.name, t.name AS team FROM playbook_approvals a
     LEFT JOIN people p ON p.id = a.person_id LEFT JOIN teams t ON t.id = a.team_id
     WHERE a.run_id = $1`,
    [runId],
  );
  if (rows.rows.length === 0) return false;
  if (spec.approval?.type === 'any') return true;
  const people = spec.approval?.approvers?.people ?? [];
  const teams = spec.approval?.approvers?.teams ?? [];
  const personDone = (person: string): boolean =>
    rows.rows.some((row) => row.email === person.toLowerCase() || row.name === person);
  const teamDone = (team: string): boolean => rows.rows.some((row) => row.team === team);
  return people.every(personDone) && teams.every(teamDone);
}

/** POST /playbook/run/approve/{run_id} (api.md §10.5). True when the run moved to scheduled. */
export async function approveRun(db: Db, runId: string, caller: Caller): Promise<boolean> {
  const run = await runForApproval(db, runId);
  const approver = await approverOf(db, run, caller);
  if (run.status !== 'pending_approval') {
    throw new PlaybookRefusal(409, `this playbook run is ${run.status}, not waiting for approval`);
  }
  return db.transaction(async (tx) => {
    const locked = await tx.query<{ status: string }>(
      `SELECT status FROM playbook_runs WHERE id = $1 FOR UPDATE`,
      [runId],
    );
    if (locked.rows[0]?.status !== 'pending_approval') {
      throw new PlaybookRefusal(409, 'this playbook run is no longer waiting for approval');
    }
    const already = await tx.query(
      `SELECT 1 FROM playbook_approvals WHERE run_id = $1
         AND (($2::uuid IS NOT NULL AND person_id = $2) OR ($3::uuid IS NOT NULL AND team_id = $3))`,
      [runId, approver.personId ?? null, approver.teamId ?? null],
    );
    if (already.rows.length > 0) {
      throw new PlaybookRefusal(409, 'you have already approved this playbook run');
    }
    await tx.query(
      `INSERT INTO playbook_approvals (run_id, person_id, team_id) VALUES ($1, $2, $3)`,
      [runId, approver.personId ?? null, approver.teamId ?? null],
    );
    if (!(await approved(tx, runId, approver.spec))) return false;
    await tx.query(
      `UPDATE playbook_runs SET status = 'scheduled', scheduled_time = now() WHERE id = $1`,
      [runId],
    );
    return true;
  });
}

/** POST /playbook/run/reject/{run_id} (Vigil): a listed approver turns the run down. */
export async function rejectRun(
  db: Db,
  runId: string,
  caller: Caller,
  reason: string | undefined,
): Promise<void> {
  const run = await runForApproval(db, runId);
  await approverOf(db, run, caller);
  const error = `approval rejected by ${caller.name || caller.email || caller.id}${reason ? `: ${reason}` : ''}`;
  const updated = await db.query(
    `UPDATE playbook_runs SET status = 'cancelled', end_time = now(), error = $2
     WHERE id = $1 AND status = 'pending_approval'`,
    [runId, error],
  );
  if (updated.affectedRows === 0) {
    throw new PlaybookRefusal(409, `this playbook run is ${run.status}, not waiting for approval`);
  }
}

/** POST /playbook/run/cancel/{run_id} (Vigil): stop a run that has not finished. */
export async function cancelRun(db: Db, runId: string, caller: Caller): Promise<void> {
  if (!isUuid(runId))
    throw new PlaybookRefusal(400, `run id ${runId.slice(0, 60)} is not a uuid`, 'invalid run id');
  await db.transaction(async (tx) => {
    const found = await tx.query<{ status: string }>(
      `SELECT status FROM playbook_runs WHERE id = $1 FOR UPDATE`,
      [runId],
    );
    const status = found.rows[0]?.status;
    if (status === undefined)
      throw new PlaybookRefusal(404, `playbook run (id=${runId}) not found`);
    if ((TERMINAL_RUN_STATUSES as readonly string[]).includes(status)) {
      throw new PlaybookRefusal(409, `this playbook run is already ${status}`);
    }
    await tx.query(
      `UPDATE playbook_runs SET status = 'cancelled', end_time = now(),
         error = coalesce(error, $2) WHERE id = $1`,
      [runId, `cancelled by ${caller.name || caller.email || caller.id}`],
    );
    await tx.query(
      `UPDATE playbook_run_actions SET status = 'skipped', end_time = now()
       WHERE playbook_run_id = $1 AND status IN ('scheduled', 'sleeping', 'waiting')`,
      [runId],
    );
  });
}

/** GET /playbook/run/{id} (api.md §10.4): the run row. */
export async function getRun(db: Queryable, runId: string): Promise<Record<string, unknown>> {
  if (!isUuid(runId))
    throw new PlaybookRefusal(404, `playbook run (id=${runId.slice(0, 60)}) not found`);
  const result = await db.query<Record<string, unknown>>(
    `SELECT * FROM playbook_runs WHERE id = $1`,
    [runId],
  );
  const row = result.rows[0];
  if (!row) throw new PlaybookRefusal(404, `playbook run (id=${runId}) not found`);
  return row;
}

/** What a webhook call carries into the run (`{{.request.content}}`, `{{.request.json.x}}`). */
export interface WebhookRequest {
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether the call carries the credentials the playbook's `on.webhook.authentication` asks for. */
function webhookAuthorized(authentication: unknown, authorization: string | undefined): boolean {
  if (authentication === null || typeof authentication !== 'object') return false;
  const { basic, token } = authentication as { basic?: unknown; token?: unknown };
  const header = authorization ?? '';
  if (typeof token === 'string' && token !== '') {
    if (header.startsWith('Bearer ') && sameText(header.slice(7).trim(), token)) return true;
  }
  if (basic !== null && typeof basic === 'object') {
    const { username, password } = basic as { username?: unknown; password?: unknown };
    if (
      typeof username === 'string' &&
      typeof password === 'string' &&
      header.startsWith('Basic ')
    ) {
      const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
      if (sameText(decoded, `${username}:${password}`)) return true;
    }
  }
  return false;
}

/**
 * POST /playbook/webhook/{path} (api.md §10.6): runs the playbook whose `on.webhook.path` is
 * `path`, authenticated by the playbook's own `on.webhook.authentication` (`basic: {username,
 * password}` or `token`); Vigil refuses webhooks that declare no authentication. The run has no
 * resource and no caller; the request is in `{{.request}}`.
 */
export async function triggerWebhook(
  db: Db,
  path: string,
  request: WebhookRequest,
): Promise<{ run_id: string; starts_at: string }> {
  if (!/^[A-Za-z0-9._~-]{1,200}$/.test(path)) {
    throw new PlaybookRefusal(404, `no playbook has the webhook path ${path.slice(0, 60)}`);
  }
  const found = await db.query<PlaybookRow>(
    `SELECT id::text, name, namespace, title, spec FROM playbooks
     WHERE deleted_at IS NULL AND spec -> 'on' -> 'webhook' ->> 'path' = $1
     ORDER BY created_at LIMIT 1`,
    [path],
  );
  const playbook = found.rows[0];
  if (!playbook) throw new PlaybookRefusal(404, `no playbook has the webhook path ${path}`);
  const webhook = ((playbook.spec as { on?: { webhook?: { authentication?: unknown } } }).on
    ?.webhook ?? {}) as { authentication?: unknown };
  if (webhook.authentication === undefined) {
    throw new PlaybookRefusal(
      403,
      'this webhook has no authentication (set on.webhook.authentication.basic or .token)',
    );
  }
  if (!webhookAuthorized(webhook.authentication, request.authorization)) {
    throw new PlaybookRefusal(401, 'webhook authentication failed');
  }
  const spec = specOf(playbook);
  let json: unknown;
  try {
    json = request.body.trim() === '' ? undefined : JSON.parse(request.body);
  } catch {
    json = undefined;
  }
  const context: TemplateContext = { request: { content: request.body, json } };
  const params = await resolveParams(db, spec, {}, context);
  if (!params.ok) throw new PlaybookRefusal(params.status, params.error, 'invalid parameters');
  const inserted = await db.query<{ id: string; scheduled_time: Date | string }>(
    `INSERT INTO playbook_runs (playbook_id, spec, status, parameters, request, agent_id)
     VALUES ($1, $2::jsonb, $3, $4::jsonb, $5::jsonb, $6) RETURNING id::text, scheduled_time`,
    [
      playbook.id,
      JSON.stringify(playbook.spec),
      needsApproval(spec) ? 'pending_approval' : 'scheduled',
      JSON.stringify(params.params),
      JSON.stringify({
        source: 'webhook',
        content: request.body.slice(0, 64 * 1024),
        ...(json !== undefined ? { json } : {}),
        content_type: request.contentType ?? '',
      }),
      LOCAL_AGENT,
    ],
  );
  const run = inserted.rows[0];
  if (!run) throw new Error('the run was not inserted');
  return { run_id: run.id, starts_at: new Date(run.scheduled_time).toISOString() };
}
