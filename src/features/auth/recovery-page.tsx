/** `/recovery` 'Recover account' (the code flow, code-flow-page.tsx). */
import { CodeFlowPage } from './code-flow-page';

export function RecoveryPage() {
  return <CodeFlowPage kind="recovery" />;
}
