/**
 * `/catalog/{id}/changes` (spec doc 2 §2): the change log scoped to one config, with the
 * Downstream (default on) and Upstream (default off) toggles.
 */
import { ChangesList } from './changes-list';

export function ConfigChangesTab({ configId }: { configId: string }) {
  return <ChangesList configId={configId} />;
}
