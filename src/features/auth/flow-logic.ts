/**
 * The pure half of the identity flows (docs/identity.md): which nodes a group's form holds, the
 * JSON body a form sends (dotted names such as `traits.name.first` become nested objects), and
 * what the console does with each flow error (spec doc 3 §8).
 */
import { ApiError, errorMessage } from '../../api/client';
import { kratosErrorId, kratosRedirect, type FlowKind } from '../../api/kratos-flows';
import type { KratosFlow, KratosUiNode, KratosUiText } from '../../api/types';
import { safeReturnTo } from '../../lib/return-to';

/** The spec's texts for the flow errors shown on the page (doc 3 §8). */
export const FLOW_MESSAGES = {
  expired: 'Your interaction expired, please fill out the form again.',
  csrf: 'A security violation was detected, please fill out the form again.',
  returnToForbidden: 'The return_to address is not allowed.',
} as const;

/** The order groups are shown in (others follow in the order the server sends them). */
const GROUP_ORDER = ['password', 'code', 'profile', 'oidc', 'totp', 'lookup_secret', 'webauthn'];

/** Groups whose form also holds the visible `default` nodes (identifier, traits). */
const PRIMARY_GROUPS = ['profile', 'password', 'code'];

export function isHiddenInput(node: KratosUiNode): boolean {
  return node.attributes.node_type === 'input' && node.attributes.type === 'hidden';
}

export function isButton(node: KratosUiNode): boolean {
  return (
    node.attributes.node_type === 'input' &&
    (node.attributes.type === 'submit' || node.attributes.type === 'button')
  );
}

/** The flow's groups other than `default`, in display order. */
export function flowGroups(flow: KratosFlow): string[] {
  const seen: string[] = [];
  for (const node of flow.ui.nodes) {
    if (node.group !== 'default' && !seen.includes(node.group)) seen.push(node.group);
  }
  const rank = (group: string) => {
    const index = GROUP_ORDER.indexOf(group);
    return index === -1 ? GROUP_ORDER.length : index;
  };
  return seen.sort((a, b) => rank(a) - rank(b));
}

/**
 * The nodes of one group's form: the hidden `default` nodes (csrf_token) go with every group;
 * the visible ones (identifier, traits) with the primary group (profile, else password, else
 * code), or with every group when there is none.
 */
export function nodesForGroup(flow: KratosFlow, group: string): KratosUiNode[] {
  const groups = flowGroups(flow);
  const primary = PRIMARY_GROUPS.find((candidate) => groups.includes(candidate));
  const withDefaults = primary === undefined || primary === group;
  return flow.ui.nodes.filter(
    (node) =>
      node.group === group || (node.group === 'default' && (withDefaults || isHiddenInput(node))),
  );
}

/** Set `target[a][b][c] = value` for the name `a.b.c`. */
function setPath(target: Record<string, unknown>, name: string, value: unknown): void {
  const parts = name.split('.');
  let cursor = target;
  parts.forEach((part, index) => {
    if (index === parts.length - 1) {
      cursor[part] = value;
      return;
    }
    const next = cursor[part];
    if (!next || typeof next !== 'object') cursor[part] = {};
    cursor = cursor[part] as Record<string, unknown>;
  });
}

/** A body from name/value pairs; dotted names nest (`traits.name.first`). */
export function nestedBody(entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of entries) setPath(body, name, value);
  return body;
}

/** A submit button's value as sent: `'true'`/`'false'` become booleans (`totp_unlink: true`). */
export function buttonValue(value: unknown): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/**
 * The JSON body of one group's form. `values` are the form's fields (name → value as read from
 * the page); `submitter` is the button pressed (none: Enter in a field). A `method` button sends
 * every field; any other button (resend, unlink, regenerate, remove a key, a provider) sends only
 * the hidden `default` fields (csrf_token) and itself, so a half-typed code or name does not ride
 * along.
 */
export function groupBody(
  group: string,
  nodes: readonly KratosUiNode[],
  values: ReadonlyMap<string, unknown>,
  submitter?: KratosUiNode,
): { method: string } & Record<string, unknown> {
  const onlyHidden = submitter !== undefined && submitter.attributes.name !== 'method';
  const entries: [string, unknown][] = [];
  for (const node of nodes) {
    if (node.attributes.node_type !== 'input' || isButton(node)) continue;
    // The csrf token (and other hidden `default` fields), not the group's own hidden fields
    // (an empty `webauthn_register` would read as a registration).
    if (onlyHidden && !(isHiddenInput(node) && node.group === 'default')) continue;
    const { name } = node.attributes;
    if (!name || !values.has(name)) continue;
    entries.push([name, values.get(name)]);
  }
  if (submitter && submitter.attributes.name !== 'method') {
    entries.push([submitter.attributes.name, buttonValue(submitter.attributes.value)]);
  }
  const method =
    submitter?.attributes.name === 'method' && typeof submitter.attributes.value === 'string'
      ? submitter.attributes.value
      : group;
  return { ...nestedBody(entries), method };
}

/** An absolute same-origin address as a path; anything else unchanged (the caller sanitises). */
export function sameOriginPath(target: string): string {
  try {
    const url = new URL(target, window.location.origin);
    return url.origin === window.location.origin && /^https?:/.test(target)
      ? url.pathname + url.search + url.hash
      : target;
  } catch {
    return target;
  }
}

/** A `return_to` made safe: same-origin absolute addresses become paths, the rest `/`. */
export function cleanReturnTo(value: string | null | undefined): string {
  return safeReturnTo(value ? sameOriginPath(value) : value);
}

function loginPath(returnTo: string, extra: string): string {
  const back = returnTo === '/' ? '' : `return_to=${encodeURIComponent(returnTo)}`;
  const query = [extra, back].filter(Boolean).join('&');
  return query ? `/login?${query}` : '/login';
}

export type FlowErrorAction =
  /** Start a new flow and show the message on it. */
  | { type: 'restart'; message: KratosUiText }
  /** Leave the page for this address. */
  | { type: 'go'; to: string }
  /** Stay, showing this text; `final`: a new flow would fail the same way (no Try again). */
  | { type: 'message'; text: string; final?: boolean };

/**
 * What the console does with a failed flow request (docs/identity.md, "Error ids"). `returnTo`
 * is the page's sanitised return_to; `here` the address to come back to after a sign-in.
 */
export function flowErrorAction(
  error: unknown,
  kind: FlowKind,
  { returnTo, here }: { returnTo: string; here: string },
): FlowErrorAction {
  const id = kratosErrorId(error);
  const status = error instanceof ApiError ? error.status : undefined;
  const redirect = kratosRedirect(error);
  switch (id) {
    case 'session_already_available':
      return { type: 'go', to: returnTo };
    case 'self_service_flow_return_to_forbidden':
      return { type: 'message', text: FLOW_MESSAGES.returnToForbidden };
    case 'self_service_flow_disabled':
      // Registration (or another flow) turned off: its reason, and nothing to retry.
      return { type: 'message', text: errorText(error), final: true };
    case 'self_service_flow_expired':
      return { type: 'restart', message: { id: 0, type: 'error', text: FLOW_MESSAGES.expired } };
    case 'security_csrf_violation':
      return { type: 'restart', message: { id: 0, type: 'error', text: FLOW_MESSAGES.csrf } };
    case 'session_aal2_required':
      return { type: 'go', to: redirect ?? loginPath(here, 'aal=aal2') };
    case 'session_refresh_required':
      return { type: 'go', to: redirect ?? loginPath(here, 'refresh=true') };
    case 'session_inactive':
      return { type: 'go', to: redirect ?? loginPath(here, '') };
    case 'security_identity_mismatch':
    case 'browser_location_change_required':
      if (redirect) return { type: 'go', to: redirect };
      break;
    default:
      break;
  }
  if (status === 410 || (status === 403 && (kind === 'recovery' || kind === 'verification'))) {
    return { type: 'restart', message: { id: 0, type: 'error', text: FLOW_MESSAGES.expired } };
  }
  if (status === 401) return { type: 'go', to: redirect ?? loginPath(here, '') };
  if (redirect && (status === 422 || status === 403)) return { type: 'go', to: redirect };
  return { type: 'message', text: errorText(error) };
}

/** A Kratos error's most specific text: its `reason` ("Registration is not allowed…"), else
 * its message. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const nested = (error.body as { error?: { reason?: unknown } } | null)?.error;
    const reason = nested && typeof nested === 'object' ? nested.reason : undefined;
    if (typeof reason === 'string' && reason.trim() && !/^[a-z_]+$/.test(reason)) return reason;
  }
  return errorMessage(error);
}
