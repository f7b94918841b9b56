/**
 * The incident workspace's writes on hypotheses, evidences and comments, the people offered as
 * @mentions, and the small lookups that draw an evidence's subject (check, component, config,
 * change, insight). Calls exactly as postgrest.md §8.5 (and §8.2 for people); every write
 * invalidates the incident's prefix key (`incidentAreaKeys.incident`).
 * Types → fetchers → keys → query options → cache helpers.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { incidentDetailKeys, WORKSPACE_REFETCH_MS } from './incident-detail';
import { incidentAreaKeys } from './incident-keys';
import type {
  CommentDetail,
  EvidenceDetail,
  HypothesisDetail,
  IncidentDetail,
  HypothesisStatus,
  HypothesisType,
} from './incident-model';
import { from, selectRows } from './postgrest';
import type { PersonAvatar } from './types';

// ---- types ----

export interface CreateHypothesisInput {
  /** A client uuid (optional; the server generates one otherwise). */
  id?: string;
  created_by: string;
  incident_id: string;
  parent_id?: string;
  title: string;
  type: HypothesisType;
  status: HypothesisStatus;
}

/** What a hypothesis edit sends: the status (200 ms debounce) or the title (1 s debounce). */
export type HypothesisPatch = { status: string } | { title: string };

/** The evidence columns the workspace edits (postgrest.md §8.5 "evidence" PATCH). */
export interface EvidencePatch {
  definition_of_done?: boolean;
  done?: boolean | null;
  script?: string | null;
  description?: string;
  evidence?: Record<string, unknown> | null;
}

export interface CreateCommentInput {
  created_by: string;
  incident_id: string;
  hypothesis_id: string;
  comment: string;
}

/** A row of `GET /people?select=*&order=name.asc`. */
export interface PersonRow extends PersonAvatar {
  email?: string | null;
  type?: string | null;
}

/** `GET /checks?…&select=id,name,icon,status,type` (the small check summary of §8.1). */
export interface EvidenceCheck {
  id: string;
  name: string | null;
  icon?: string | null;
  status?: string | null;
  type?: string | null;
}

/** A topology component, as much as an evidence shows of it. */
export interface EvidenceComponent {
  id: string;
  name: string | null;
  icon?: string | null;
  type?: string | null;
  health?: string | null;
  status?: string | null;
}

export interface EvidenceConfigRef {
  id: string;
  name: string | null;
  type?: string | null;
  config_class?: string | null;
}

/** A config with its content, for config evidence's lines of context. */
export interface EvidenceConfig extends EvidenceConfigRef {
  config?: unknown;
}

export interface EvidenceChange {
  id: string;
  config_id?: string | null;
  change_type?: string | null;
  summary?: string | null;
  severity?: string | null;
  created_at?: string | null;
  config?: EvidenceConfigRef | null;
}

export interface EvidenceAnalysis {
  id: string;
  message?: string | null;
  analyzer?: string | null;
  config?: EvidenceConfigRef | null;
}

/** Longest comment accepted by the composer (the server refuses longer bodies anyway). */
export const MAX_COMMENT_CHARS = 10_000;

// ---- fetchers: hypotheses ----

/** `POST /db/hypotheses` → the new row (`data[0].id` expands the new node). */
export async function createHypothesis(
  client: ApiClient,
  input: CreateHypothesisInput,
): Promise<HypothesisDetail | undefined> {
  const body: CreateHypothesisInput = { ...input };
  if (!body.parent_id) delete body.parent_id;
  if (!body.id) delete body.id;
  const rows = await client.post<HypothesisDetail[] | null>('/db/hypotheses', body, {
    headers: { Prefer: 'return=representation' },
  });
  return rows?.[0];
}

/** `PATCH /db/hypotheses?id=eq.{id}` `{"status"}` or `{"title"}`. */
export async function updateHypothesis(
  client: ApiClient,
  id: string,
  patch: HypothesisPatch,
): Promise<void> {
  const query = from('hypotheses').eq('id', id);
  await client.patch(query.path, patch, { query: query.toString() });
}

/**
 * Delete hypotheses with what hangs on them, in the contract's order (the foreign keys do not
 * cascade): `DELETE /comments?hypothesis_id=eq.{id}`, then `DELETE /evidences?hypothesis_id=eq.{id}`
 * for each, then `DELETE /hypotheses?id=eq.{id}` — or `id=in.(…)` for a node with its
 * descendants, which one statement removes together.
 */
export async function deleteHypotheses(client: ApiClient, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const byHypothesis = (relation: string) =>
    Promise.all(
      unique.map((id) => {
        const query = from(relation).eq('hypothesis_id', id);
        return client.delete(query.path, { query: query.toString() });
      }),
    );
  await byHypothesis('comments');
  await byHypothesis('evidences');
  const query = from('hypotheses');
  if (unique.length === 1) query.eq('id', unique[0]!);
  else query.in('id', unique);
  await client.delete(query.path, { query: query.toString() });
}

/**
 * `GET /hypotheses?id=eq.{id}&select=id,comments(id,*,created_by(AVATAR),responder_id(*,team_id(*))),evidences(id,*,created_by(AVATAR))`:
 * a node's evidence and comments when the detail read did not embed them.
 */
export async function getHypothesisChildren(
  client: ApiClient,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<Pick<HypothesisDetail, 'id' | 'comments' | 'evidences'> | null> {
  const { rows } = await selectRows<Pick<HypothesisDetail, 'id' | 'comments' | 'evidences'>>(
    client,
    from('hypotheses')
      .eq('id', id)
      .select(
        'id,comments(id,*,created_by(id,name,avatar),responder_id(*,team_id(*))),evidences(id,*,created_by(id,name,avatar))',
      ),
    options,
  );
  return rows[0] ?? null;
}

// ---- fetchers: evidences ----

/** `PATCH /db/evidences?id=eq.{id}` with any of definition_of_done, done, script, description, evidence. */
export async function updateEvidence(
  client: ApiClient,
  id: string,
  patch: EvidencePatch,
): Promise<void> {
  const query = from('evidences').eq('id', id);
  await client.patch(query.path, patch, { query: query.toString() });
}

/** `DELETE /db/evidences?id=eq.{id}`. */
export async function deleteEvidence(client: ApiClient, id: string): Promise<void> {
  const query = from('evidences').eq('id', id);
  await client.delete(query.path, { query: query.toString() });
}

// ---- fetchers: comments and people ----

/** `POST /db/comments` `{created_by, incident_id, hypothesis_id, comment}` → the new row. */
export async function createComment(
  client: ApiClient,
  input: CreateCommentInput,
): Promise<CommentDetail | undefined> {
  const rows = await client.post<CommentDetail[] | null>('/db/comments', input, {
    headers: { Prefer: 'return=representation' },
  });
  return rows?.[0];
}

/**
 * `GET /db/comments?select=*,created_by(id,name,avatar)&incident_id=eq.{id}&order=created_at.asc`:
 * every comment of the incident, oldest first. **Vigil:** the contract's per-hypothesis read
 * (`hypothesis_id=eq.{id}`) by incident instead — the detail read embeds only comments made on a
 * hypothesis, while comments from responders' systems (and seeded ones) may have none.
 */
export async function listIncidentComments(
  client: ApiClient,
  incidentId: string,
  options: { signal?: AbortSignal } = {},
): Promise<(CommentDetail & { hypothesis_id?: string | null })[]> {
  const { rows } = await selectRows<CommentDetail & { hypothesis_id?: string | null }>(
    client,
    from('comments')
      .select('*,created_by(id,name,avatar)')
      .eq('incident_id', incidentId)
      .order({ column: 'created_at' }),
    options,
  );
  return rows;
}

/** `GET /db/people?select=*&order=name.asc`: everyone who can be mentioned. */
export async function listPeople(
  client: ApiClient,
  options: { signal?: AbortSignal } = {},
): Promise<PersonRow[]> {
  const { rows } = await selectRows<PersonRow>(
    client,
    from('people').select('*').order({ column: 'name' }),
    options,
  );
  return rows;
}

// ---- fetchers: evidence subjects (batched) ----

interface Pending<T> {
  resolve: (value: T | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Coalesces the lookups asked for in one task into one `id=in.(…)` read: a tree of hundreds of
 * evidences asks once per relation rather than once per evidence, while each evidence keeps its
 * own cache entry.
 */
class BatchLoader<T extends { id: string }> {
  private queue = new Map<string, Pending<T>[]>();
  private scheduled = false;

  constructor(
    private readonly client: ApiClient,
    private readonly relation: string,
    private readonly select: string,
  ) {}

  load(id: string): Promise<T | null> {
    return new Promise<T | null>((resolve, reject) => {
      const key = id.toLowerCase();
      const waiting = this.queue.get(key) ?? [];
      waiting.push({ resolve, reject });
      this.queue.set(key, waiting);
      if (!this.scheduled) {
        this.scheduled = true;
        setTimeout(() => void this.flush(), 0);
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = new Map();
    this.scheduled = false;
    const ids = [...batch.keys()];
    // Long id lists are split so the query string stays well under URL limits.
    for (let start = 0; start < ids.length; start += 100) {
      const chunk = ids.slice(start, start + 100);
      try {
        const query = from(this.relation).select(this.select);
        if (chunk.length === 1) query.eq('id', chunk[0]!);
        else query.in('id', chunk);
        const { rows } = await selectRows<T>(this.client, query);
        const byId = new Map(rows.map((row) => [String(row.id).toLowerCase(), row]));
        for (const id of chunk)
          for (const p of batch.get(id) ?? []) p.resolve(byId.get(id) ?? null);
      } catch (error: unknown) {
        for (const id of chunk) for (const p of batch.get(id) ?? []) p.reject(error);
      }
    }
  }
}

export const EVIDENCE_SUBJECT_SELECTS = {
  checks: 'id,name,icon,status,type',
  components: 'id,name,icon,type,health,status',
  config_detail: 'id,name,type,config_class,config',
  configs: 'id,name,type,config_class',
  config_changes:
    'id,config_id,change_type,summary,severity,created_at,config:configs(id,name,type,config_class)',
  config_analysis: 'id,message,analyzer,config:configs(id,name,config_class,type)',
} as const;

export type EvidenceSubjectRelation = keyof typeof EVIDENCE_SUBJECT_SELECTS;

interface SubjectRows {
  checks: EvidenceCheck;
  components: EvidenceComponent;
  config_detail: EvidenceConfig;
  configs: EvidenceConfigRef;
  config_changes: EvidenceChange;
  config_analysis: EvidenceAnalysis;
}

const loaders = new WeakMap<ApiClient, Map<string, BatchLoader<{ id: string }>>>();

/** One subject of an evidence by id (null when it no longer exists), batched per relation. */
export function getEvidenceSubject<R extends EvidenceSubjectRelation>(
  client: ApiClient,
  relation: R,
  id: string,
): Promise<SubjectRows[R] | null> {
  let byRelation = loaders.get(client);
  if (!byRelation) {
    byRelation = new Map();
    loaders.set(client, byRelation);
  }
  let loader = byRelation.get(relation);
  if (!loader) {
    loader = new BatchLoader(client, relation, EVIDENCE_SUBJECT_SELECTS[relation]);
    byRelation.set(relation, loader);
  }
  return loader.load(id) as Promise<SubjectRows[R] | null>;
}

// ---- keys ----

export const hypothesisKeys = {
  /** Under the incident's prefix, so every write refreshes it too. */
  children: (baseUrl: string, incidentId: string, id: string) =>
    [...incidentAreaKeys.incident(baseUrl, incidentId), 'hypothesis', id.toLowerCase()] as const,
  /** Apart from the responder wizard's `people` (another select). */
  people: (baseUrl: string) => [...incidentAreaKeys.all(baseUrl), 'mention-people'] as const,
  comments: (baseUrl: string, incidentId: string) =>
    [...incidentAreaKeys.incident(baseUrl, incidentId), 'comments'] as const,
  subject: (baseUrl: string, relation: EvidenceSubjectRelation, id: string) =>
    [...incidentAreaKeys.all(baseUrl), 'evidence-subject', relation, id.toLowerCase()] as const,
};

// ---- query options ----

export const hypothesisQueries = {
  children: (client: ApiClient, incidentId: string, id: string) =>
    queryOptions({
      queryKey: hypothesisKeys.children(client.baseUrl, incidentId, id),
      queryFn: ({ signal }) => getHypothesisChildren(client, id, { signal }),
    }),
  /** The Comments tab; polled like the rest of the live workspace. */
  comments: (client: ApiClient, incidentId: string) =>
    queryOptions({
      queryKey: hypothesisKeys.comments(client.baseUrl, incidentId),
      queryFn: ({ signal }) => listIncidentComments(client, incidentId, { signal }),
      refetchInterval: WORKSPACE_REFETCH_MS,
      refetchIntervalInBackground: false,
    }),
  people: (client: ApiClient) =>
    queryOptions({
      queryKey: hypothesisKeys.people(client.baseUrl),
      queryFn: ({ signal }) => listPeople(client, { signal }),
      staleTime: 300_000,
    }),
  subject: <R extends EvidenceSubjectRelation>(client: ApiClient, relation: R, id: string) =>
    queryOptions({
      queryKey: hypothesisKeys.subject(client.baseUrl, relation, id),
      queryFn: () => getEvidenceSubject(client, relation, id),
      staleTime: 60_000,
    }),
};

// ---- cache ----

/** After any write in the workspace: refetch everything under the incident's key. */
export function invalidateIncident(
  queryClient: QueryClient,
  baseUrl: string,
  incidentId: string,
): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: incidentAreaKeys.incident(baseUrl, incidentId),
  });
}

/**
 * After a hypothesis PATCH has succeeded: the saved fields in the cached detail read at once, so
 * the node shows what is stored without waiting for the re-read of the whole incident (200
 * hypotheses and 500 evidences on the bench incident) that the invalidation starts next.
 */
export function setCachedHypothesis(
  queryClient: QueryClient,
  baseUrl: string,
  incidentId: string,
  id: string,
  patch: HypothesisPatch,
): void {
  queryClient.setQueryData<IncidentDetail | null>(
    incidentDetailKeys.detail(baseUrl, incidentId),
    (detail) => {
      if (!detail?.hypotheses?.some((h) => h.id === id)) return detail;
      return {
        ...detail,
        hypotheses: detail.hypotheses.map((h) => (h.id === id ? { ...h, ...patch } : h)),
      };
    },
  );
}

/** The subject of each evidence type that its view reads (entities/evidence/evidence-view). */
const SUBJECT_OF_TYPE: Partial<Record<string, [EvidenceSubjectRelation, keyof EvidenceDetail]>> = {
  check: ['checks', 'check_id'],
  topology: ['components', 'component_id'],
  config: ['configs', 'config_id'],
  config_change: ['config_changes', 'config_change_id'],
  config_analysis: ['config_analysis', 'config_analysis_id'],
};

/**
 * Read the subjects of `evidences` ahead, in one batched read per relation (100 ids a request),
 * for those not cached and fresh: the Action Plan asks for all of them at once instead of a few
 * per frame as Expand All reveals the nodes (which made hundreds of small reads).
 */
export function prefetchEvidenceSubjects(
  queryClient: QueryClient,
  client: ApiClient,
  evidences: Iterable<EvidenceDetail>,
): void {
  for (const evidence of evidences) {
    const subject = SUBJECT_OF_TYPE[evidence.type ?? ''];
    if (!subject) continue;
    const id = evidence[subject[1]];
    if (typeof id !== 'string' || !id) continue;
    void queryClient.prefetchQuery(hypothesisQueries.subject(client, subject[0], id));
  }
}

/** Every hypothesis id under `id` (itself included), children before their parents' siblings. */
export function descendantIds(
  hypotheses: readonly Pick<HypothesisDetail, 'id' | 'parent_id'>[],
  id: string,
): string[] {
  const children = new Map<string, string[]>();
  for (const h of hypotheses) {
    if (!h.parent_id) continue;
    const list = children.get(h.parent_id) ?? [];
    list.push(h.id);
    children.set(h.parent_id, list);
  }
  const out: string[] = [];
  const seen = new Set<string>();
  const walk = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    out.push(current);
    for (const child of children.get(current) ?? []) walk(child);
  };
  walk(id);
  return out;
}
