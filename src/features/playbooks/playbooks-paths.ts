/**
 * The playbooks' routes (spec doc 3 §2.10), in one place for links and the router. Features may
 * not import the app's `paths`, so the playbooks keep their own; the app's table points here.
 */
const enc = encodeURIComponent;

export const playbooksPaths = {
  list: () => '/playbooks',
  runs: (params?: { playbookId?: string }) =>
    params?.playbookId ? `/playbooks/runs?playbook=${enc(params.playbookId)}` : '/playbooks/runs',
  run: (id: string) => `/playbooks/runs/${enc(id)}`,
  check: (id: string) => `/health?checkId=${enc(id)}`,
  config: (id: string) => `/catalog/${enc(id)}`,
  component: (id: string) => `/topology/${enc(id)}`,
};
