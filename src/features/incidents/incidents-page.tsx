/**
 * The incidents area (spec doc 2 §2): one lazily loaded page that routes /incidents (the list)
 * and /incidents/{id} (the workspace).
 */
import { Route, Switch } from 'wouter';
import { IncidentWorkspacePage } from './detail/incident-workspace-page';
import { IncidentListPage } from './list/incident-list-page';

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
