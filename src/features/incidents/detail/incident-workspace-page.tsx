/** /incidents/{id}: the incident workspace (built by the workspace work of issue 13). */
export function IncidentWorkspacePage({ id }: { id: string }) {
  return <h1 className="text-lg font-semibold text-fg">Incident {id}</h1>;
}
