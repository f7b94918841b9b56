/**
 * Whether the sign-in page offers 'Create account'. Kratos (and Mission Control in front of it)
 * has no endpoint that says whether registration is enabled, so the only test is to start a
 * registration flow: a flow means yes, `self_service_flow_disabled` no. That costs a flow on the
 * server each time, so the answer is kept in the browser for {@link REGISTRATION_CACHE_MS}
 * (per API base); the registration page refreshes it whenever it starts a flow itself. A network
 * or server failure says no without being kept.
 *
 * No React Query here: the sign-in pages run in the light sign-in app (src/app/public-app.tsx).
 */
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { createFlow, kratosErrorId } from '../../api/kratos-flows';

/** How long a probe's answer is trusted (an administrator may turn registration on or off). */
export const REGISTRATION_CACHE_MS = 10 * 60_000;

const storageKey = (baseUrl: string) => `vigil.registration-available:${baseUrl}`;

/** The kept answer, unless it is missing, unreadable or older than the cache time. */
export function cachedRegistrationAvailable(baseUrl: string, now = Date.now()): boolean | null {
  try {
    const raw = window.localStorage.getItem(storageKey(baseUrl));
    if (!raw) return null;
    const { value, at } = JSON.parse(raw) as { value?: unknown; at?: unknown };
    if (typeof value !== 'boolean' || typeof at !== 'number') return null;
    return now - at >= 0 && now - at < REGISTRATION_CACHE_MS ? value : null;
  } catch {
    return null;
  }
}

/** Keep what a registration flow start said (the registration page calls this too). */
export function rememberRegistrationAvailable(baseUrl: string, value: boolean, now = Date.now()) {
  try {
    window.localStorage.setItem(storageKey(baseUrl), JSON.stringify({ value, at: now }));
  } catch {
    // Storage full or blocked: the next sign-in page asks again.
  }
}

/** What a failed registration start says: `false` when registration is off, else unknown. */
export function registrationErrorAnswer(error: unknown): false | null {
  return kratosErrorId(error) === 'self_service_flow_disabled' ? false : null;
}

/** One probe per client at a time: a remount (or StrictMode's second effect) shares it. */
const probes = new WeakMap<ApiClient, Promise<boolean>>();

/** The kept answer, else a registration flow start's (kept when it is an answer). */
export function probeRegistrationAvailable(client: ApiClient): Promise<boolean> {
  const cached = cachedRegistrationAvailable(client.baseUrl);
  if (cached !== null) return Promise.resolve(cached);
  let probe = probes.get(client);
  if (!probe) {
    probe = createFlow(client, 'registration').then(
      () => {
        rememberRegistrationAvailable(client.baseUrl, true);
        return true;
      },
      (error: unknown) => {
        const answer = registrationErrorAnswer(error);
        if (answer !== null) rememberRegistrationAvailable(client.baseUrl, answer);
        return false;
      },
    );
    probes.set(client, probe);
    // A failure is not kept: the next sign-in page asks again.
    void probe.then((value) => {
      if (!value) probes.delete(client);
    });
  }
  return probe;
}

/**
 * Whether to offer 'Create account': undefined until known. Enable it only once the login flow
 * exists: both flows set the browser's CSRF cookie when it has none, and two first requests side
 * by side would each set their own, so that the login form's token no longer matched the cookie
 * (403 on sign-in).
 */
export function useRegistrationAvailable(client: ApiClient, enabled: boolean): boolean | undefined {
  const [answer, setAnswer] = useState<boolean | undefined>(() =>
    enabled ? (cachedRegistrationAvailable(client.baseUrl) ?? undefined) : undefined,
  );
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    void probeRegistrationAvailable(client).then((value) => {
      if (current) setAnswer(value);
    });
    return () => {
      current = false;
    };
  }, [client, enabled]);
  return enabled ? answer : undefined;
}
