/**
 * Where a job row links (spec doc 3 §2.1 "Job details links from the table"): the agent at
 * /settings/agents?id=, the resource by its type.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

const RESOURCE_PATHS: Readonly<Record<string, (id: string) => string>> = {
  canary: (id) => `/settings/canaries/${id}`,
  config_scraper: (id) => `/catalog/scrapers/${id}`,
  topology: (id) => `/settings/topologies/${id}`,
  config: (id) => `/catalog/${id}`,
  playbook: (id) => `/playbooks/${id}`,
  team: (id) => `/settings/teams/${id}`,
  incident_rule: (id) => `/settings/incident_rules/${id}`,
};

export function jobResourceHref(
  resourceType: string | null | undefined,
  resourceId: string | null | undefined,
): string | undefined {
  if (!resourceType || !resourceId || !UUID.test(resourceId)) return undefined;
  const build = RESOURCE_PATHS[resourceType];
  return build ? build(encodeURIComponent(resourceId)) : undefined;
}

export function jobAgentHref(agentId: string | null | undefined): string | undefined {
  if (!agentId || agentId === LOCAL_AGENT_ID || !UUID.test(agentId)) return undefined;
  return `/settings/agents?id=${encodeURIComponent(agentId)}`;
}
