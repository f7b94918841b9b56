/**
 * The incidents area (spec doc 2 §2): one lazily loaded page that routes /incidents (the list)
 * and /incidents/{id} (the workspace).
 */
import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { IncidentListPage } from './list/incident-list-page';

// An incident's workspace (hypotheses, evidence, YAML) loads when an incident is opened.
const IncidentWorkspacePage = lazy(async () => ({
  default: (await import('./detail/incident-workspace-page')).IncidentWorkspacePage,
}));

export function IncidentsPage() {
  return (
    <Switch>
      <Route path="/incidents">
        <IncidentListPage />
      </Route>
      <Route path="/incidents/:id">{(params) => <IncidentWorkspacePage id={params.id} />}</Route>
    </Switch>
  );
}
