/**
 * The links the incident workspace makes (features may not import the app's `paths`): back to the
 * list, the workspace with its tab, a topology component.
 */
export const workspacePaths = {
  incidents: () => '/incidents',
  incident: (id: string) => `/incidents/${encodeURIComponent(id)}`,
  component: (id: string) => `/topology/${encodeURIComponent(id)}`,
};
