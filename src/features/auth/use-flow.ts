/**
 * A flow's life on a page (docs/identity.md): fetch `?flow=` or start a new flow, submit it,
 * re-render a 400, follow a 422, restart on 410 (and CSRF; recovery and verification: 403) with
 * the spec's text, and leave for the sign-in pages when the session needs it. The page decides
 * what a success means.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useApiClient } from '../../api/api-context';
import { ApiError } from '../../api/client';
import {
  createFlow,
  getFlow,
  submitFlow,
  type FlowBody,
  type FlowKind,
  type FlowSubmitResult,
} from '../../api/kratos-flows';
import type { KratosFlow, KratosUiText } from '../../api/types';
import { flowErrorAction, type FlowErrorAction } from './flow-logic';

/** Full-page navigation (the session cookie and the shell start afresh). */
export function goTo(target: string): void {
  window.location.assign(target);
}

/** Put `?flow=<id>` in the address bar so a reload (or a sign-in that comes back) reopens it. */
function rememberFlowId(id: string) {
  try {
    const url = new URL(window.location.href);
    if (url.searchParams.get('flow') === id) return;
    url.searchParams.set('flow', id);
    url.searchParams.delete('code');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  } catch {
    // Not worth failing the page over.
  }
}

export interface UseFlowOptions {
  kind: FlowKind;
  /** The page's sanitised return_to. */
  returnTo: string;
  /** A flow id from the address (`?flow=`). */
  flowId?: string | null;
  /** Login: `aal` and `refresh`. */
  params?: { aal?: string; refresh?: boolean };
  /** What a 200 means on this page (defaults: go to the return_to). */
  onSuccess?: (result: Extract<FlowSubmitResult, { kind: 'success' }>) => void;
}

export interface FlowState {
  flow: KratosFlow | null;
  /** A message of the console's own above the flow's (expired, CSRF). */
  notice: KratosUiText | null;
  /** The flow could not be loaded or submitted (a text to show in place). */
  failure: string | null;
  /** The failure is for good (registration disabled): no Try again. */
  final: boolean;
  busy: boolean;
  /** Changes after each 400 or restart with a message: move focus to the first error. */
  focusToken: number;
  submit: (body: FlowBody, group?: string) => Promise<void>;
  /** Start a new flow (Try again; a restart). */
  restart: (message?: KratosUiText) => Promise<void>;
  setFlow: (flow: KratosFlow) => void;
  setFailure: (text: string | null) => void;
  /** The group last submitted (settings shows the flow's messages in that section). */
  lastGroup: string | null;
}

export function useFlow({ kind, returnTo, flowId, params, onSuccess }: UseFlowOptions): FlowState {
  const client = useApiClient();
  const [flow, setFlowState] = useState<KratosFlow | null>(null);
  const [notice, setNotice] = useState<KratosUiText | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [final, setFinal] = useState(false);
  const [busy, setBusy] = useState(false);
  const [focusToken, setFocusToken] = useState(0);
  const [lastGroup, setLastGroup] = useState<string | null>(null);
  const aal = params?.aal;
  const refresh = params?.refresh;
  const successRef = useRef(onSuccess);
  useLayoutEffect(() => {
    successRef.current = onSuccess;
  });

  const setFlow = useCallback((next: KratosFlow) => {
    setFlowState(next);
    rememberFlowId(next.id);
  }, []);

  const here = useCallback(() => {
    const url = new URL(window.location.href);
    return url.pathname + url.search;
  }, []);

  const act = useCallback(
    async (action: FlowErrorAction, restartFlow: (message?: KratosUiText) => Promise<void>) => {
      if (action.type === 'go') goTo(action.to);
      else if (action.type === 'restart') await restartFlow(action.message);
      else {
        setFailure(action.text);
        setFinal(action.final === true);
        setFocusToken((token) => token + 1);
      }
    },
    [],
  );

  const restart = useCallback(
    async (message?: KratosUiText) => {
      setFailure(null);
      setFinal(false);
      try {
        const next = await createFlow(client, kind, {
          returnTo: returnTo === '/' ? undefined : returnTo,
          aal,
          refresh,
        });
        setFlow(next);
        setNotice(message ?? null);
        if (message) setFocusToken((token) => token + 1);
      } catch (error: unknown) {
        const action = flowErrorAction(error, kind, { returnTo, here: here() });
        // A new flow that cannot start is shown, not restarted again.
        if (action.type === 'go') goTo(action.to);
        else {
          setFailure(action.type === 'message' ? action.text : action.message.text);
          setFinal(action.type === 'message' && action.final === true);
        }
      }
    },
    [client, kind, returnTo, aal, refresh, here, setFlow],
  );

  useEffect(() => {
    let cancelled = false;
    const load = async () => {
      if (!flowId) return restart();
      try {
        const existing = await getFlow(client, kind, flowId);
        if (!cancelled) setFlow(existing);
      } catch (error: unknown) {
        if (cancelled) return;
        // An unknown flow is recreated quietly; an expired one (410) or a CSRF violation with the
        // spec's text (doc 3 §8), like a submit answered so.
        if (error instanceof ApiError && error.status === 404) return restart();
        const action = flowErrorAction(error, kind, { returnTo, here: here() });
        // Another 403 (a flow of another browser or session) is recreated too.
        if (error instanceof ApiError && error.status === 403 && action.type === 'message') {
          return restart();
        }
        await act(action, restart);
      }
    };
    void load();
    return () => {
      cancelled = true;
    };
    // Once per page: the flow id and parameters come from the address it was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = useCallback(
    async (body: FlowBody, group?: string) => {
      const current = flow;
      if (!current) return;
      setBusy(true);
      setNotice(null);
      setFailure(null);
      setLastGroup(group ?? null);
      try {
        const result = await submitFlow(client, kind, current.id, body);
        if (result.kind === 'flow') {
          setFlow(result.flow);
          setFocusToken((token) => token + 1);
        } else if (result.kind === 'redirect') goTo(result.to);
        else if (successRef.current) successRef.current(result);
        else goTo(returnTo);
      } catch (error: unknown) {
        await act(flowErrorAction(error, kind, { returnTo, here: here() }), restart);
      } finally {
        setBusy(false);
      }
    },
    [flow, client, kind, returnTo, here, act, restart, setFlow],
  );

  return {
    flow,
    notice,
    failure,
    final,
    busy,
    focusToken,
    submit,
    restart,
    setFlow,
    setFailure: (text) => setFailure(text),
    lastGroup,
  };
}
