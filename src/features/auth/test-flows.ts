/** Test fixtures: Kratos flows and nodes as docs/identity.md describes them. */
import type { KratosFlow, KratosUiNode, KratosUiText } from '../../api/types';

export function input(
  group: string,
  name: string,
  type: string,
  extra: Partial<KratosUiNode['attributes']> & { label?: string; messages?: KratosUiText[] } = {},
): KratosUiNode {
  const { label, messages = [], ...attributes } = extra;
  return {
    type: 'input',
    group,
    attributes: { name, type, node_type: 'input', ...attributes },
    messages,
    meta: label ? { label: { id: 1, text: label, type: 'info' } } : {},
  };
}

export const csrf = (value = 'csrf-1') =>
  input('default', 'csrf_token', 'hidden', { value, required: true });

export const submit = (group: string, value: string, label?: string) =>
  input(group, 'method', 'submit', { value, label });

export function flowOf(
  id: string,
  nodes: KratosUiNode[],
  extra: Partial<KratosFlow> & { messages?: KratosUiText[] } = {},
): KratosFlow {
  const { messages = [], ...rest } = extra;
  return {
    id,
    type: 'browser',
    expires_at: '',
    issued_at: '',
    request_url: '',
    ...rest,
    ui: { action: `/api/kratos/self-service/x?flow=${id}`, method: 'POST', messages, nodes },
  };
}

export const errorBody = (id: string, code: number, extra: Record<string, unknown> = {}) => ({
  error: { id, code, message: `${id} message`, reason: id },
  ...extra,
});
