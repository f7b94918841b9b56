/** /incidents: the incident list (built by the list work of issue 13). */
export function IncidentListPage() {
  return <h1 className="text-lg font-semibold text-fg">Incidents</h1>;
}
