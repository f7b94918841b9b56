/** `/verification`: e-mail verification (the code flow, code-flow-page.tsx). */
import { CodeFlowPage } from './code-flow-page';

export function VerificationPage() {
  return <CodeFlowPage kind="verification" />;
}
