/**
 * The tags cell of the settings tables ('first label' and '+N more'), apart from resource-model.ts:
 * the list pages import it without the spec model and its YAML package (issue 18).
 */
export function tagsSummary(
  labels: Record<string, string> | null | undefined,
): { first: string; more: number } | null {
  const entries = Object.entries(labels ?? {});
  const first = entries[0];
  if (!first) return null;
  return { first: `${first[0]}: ${first[1]}`, more: entries.length - 1 };
}
