/**
 * The `/db` relation → resource map (contract rbac-and-flags.md §3.4). GET needs read on the
 * relation's resource; POST, PATCH and DELETE need write. Relations that are not listed answer 404;
 * writes to views and server-maintained relations answer 405.
 */
import type { Resource } from './roles';

export type WriteMethod = 'POST' | 'PATCH' | 'DELETE';

export interface RelationPolicy {
  /** Resource checked for reads (and for writes unless `writeResource` says otherwise). */
  resource: Resource;
  /** Resource checked for writes when it differs (people: writes need identities). */
  writeResource?: Resource;
  /** Methods the console may use to write; empty = read only through `/db`. */
  writable: readonly WriteMethod[];
}

const ALL: readonly WriteMethod[] = ['POST', 'PATCH', 'DELETE'];
const PATCH: readonly WriteMethod[] = ['PATCH'];
const NONE: readonly WriteMethod[] = [];

type Entry = [name: string, writable: readonly WriteMethod[]];

function group(
  resource: Resource,
  entries: readonly (string | Entry)[],
): [string, RelationPolicy][] {
  return entries.map((entry) => {
    const [name, writable] = typeof entry === 'string' ? [entry, NONE] : entry;
    return [name, { resource, writable }];
  });
}

const POLICIES = new Map<string, RelationPolicy>([
  ...group('agents', [
    ['agents', PATCH],
    'agents_summary',
    'playbooks_for_agent',
    'push_queue_summary',
  ]),
  ['people', { resource: 'database', writeResource: 'identities', writable: ALL }],
  ...group('database', [
    'people_roles',
    ['teams', ALL],
    'teams_with_status',
    ['team_members', ALL],
    ['team_components', ALL],
    ['incident_rules', ALL],
    'severities',
    'config_items',
    'configs',
    'config_detail',
    'config_names',
    'config_tags',
    'config_labels',
    'config_types',
    'config_statuses',
    'config_classes',
    'change_types',
    'config_changes',
    'catalog_changes',
    'config_analysis',
    'config_analysis_items',
    'config_analysis_analyzers',
    'analysis_types',
    'analyzer_types',
    'analysis_by_component',
    'analysis_by_config',
    'changes_by_component',
    'config_relationships',
    ['config_component_relationships', ALL],
    'config_item_summary_3d',
    'config_item_summary_7d',
    'config_item_summary_30d',
    'config_summary',
    'config_class_summary',
    'config_analysis_by_severity',
    'config_changes_by_types',
    'config_items_aws',
    ['saved_query', ALL],
    'job_history',
    'job_histories',
    'job_history_latest_status',
    'job_history_names',
    'event_queue',
    'event_queue_summary',
    'failed_events',
    'rpc/related_configs_recursive',
    'rpc/related_changes_recursive',
    'rpc/config_relationships_recursive',
    'rpc/related_config_ids_recursive',
    'rpc/get_recursive_path',
    'rpc/lookup_config_children',
    'rpc/lookup_config_relations',
    'rpc/related_configs',
  ]),
  ...group('canaries', [
    ['canaries', ALL],
    'canaries_with_status',
    'checks',
    'check_statuses',
    'check_component_relationships',
    'check_config_relationships',
    'check_summary',
    'check_summary_for_config',
    'check_summary_by_component',
    'check_summary_by_config',
    'checks_by_component',
    'checks_by_config',
    'check_names',
    'check_labels',
    'check_status_summary',
    'check_status_summary_aged',
    'check_status_summary_hour',
    'check_size_summary',
    'check_statuses_1d',
    'check_statuses_1h',
    'check_statuses_5m',
    'checks_status_artifacts',
    'artifacts',
    'canary_names',
    'rpc/check_summary_for_component',
  ]),
  ...group('topologies', [
    ['topologies', ALL],
    'topologies_with_status',
    ['components', PATCH],
    'component_names',
    'component_names_all',
    'component_labels',
    'components_with_logs',
    'component_relationships',
    'component_types',
    'topology',
    'analysis_summary_by_component',
    'rpc/lookup_analysis_by_component',
    'rpc/lookup_configs_by_component',
    'rpc/lookup_components_by_config',
    'rpc/lookup_changes_by_component',
    'rpc/lookup_component_children',
    'rpc/lookup_component_incidents',
    'rpc/lookup_component_relations',
    'rpc/lookup_components_by_check',
    'rpc/lookup_component_by_property',
    'rpc/lookup_component_names',
    'rpc/lookup_component_config_id_related_components',
  ]),
  ...group('config_scrapers', [['config_scrapers', ALL], 'config_scrapers_with_status']),
  ...group('incident', [
    ['incidents', ALL],
    ['hypotheses', ALL],
    'incident_histories',
    'incident_summary',
    'incidents_by_component',
    'incidents_by_config',
    'incident_summary_by_component',
    'incident_relationships',
  ]),
  ...group('evidences', [['evidences', ALL]]),
  ...group('comments', [['comments', ALL], 'comment_responders']),
  ...group('responder', [['responders', ALL]]),
  ...group('identities', ['identities']),
  ...group('rbac', ['casbin_rule', 'permissions', 'access_tokens']),
  ...group('connections', [['connections', ALL], 'connection_details', 'connections_list']),
  ...group('feature_flags', [['properties', ALL]]),
  ...group('logging_backends', [['logging_backends', ALL]]),
  ...group('integrations', ['integrations', 'integrations_with_status']),
  ...group('notifications', [
    ['notifications', ALL],
    'notifications_summary',
    'notification_send_history',
    'notification_send_history_summary',
    ['notification_silences', PATCH],
  ]),
  ...group('playbooks', [['playbooks', ALL], 'playbook_names']),
  ...group('playbook_runs', [
    'playbook_runs',
    'playbook_run_actions',
    'playbook_approvals',
    'playbook_action_agent_data',
  ]),
]);

/**
 * The policy of a `/db` path segment: a relation name or `rpc/<function>`. Undefined means the
 * relation is not exposed (404).
 */
export function relationPolicy(relation: string): RelationPolicy | undefined {
  return POLICIES.get(relation);
}

/** Every exposed relation name (RPC entries are `rpc/<function>`). */
export function exposedRelations(): string[] {
  return [...POLICIES.keys()];
}
