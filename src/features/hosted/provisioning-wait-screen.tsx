/**
 * The provisioning wait screen (spec doc 1 §1 gate 3, §8): the chosen organisation has no backend
 * URL yet, or its backend answers whoami with a 5xx or 404. It checks again on its own every
 * `intervalMs` and continues once `onCheck` resolves true; "Check now" does the same at once.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { HostedCard } from './hosted-card';

export const PROVISIONING_TITLE = 'Setting up your organization';

export interface ProvisioningWaitScreenProps {
  organizationName: string;
  /** Look again; resolves true when the backend is ready (the gate then moves on). */
  onCheck: () => Promise<boolean>;
  intervalMs?: number;
  /** Offered when the user has several organisations. */
  onSwitch?: (() => void) | undefined;
  onSignOut: () => void;
}

export function ProvisioningWaitScreen({
  organizationName,
  onCheck,
  intervalMs = 10_000,
  onSwitch,
  onSignOut,
}: ProvisioningWaitScreenProps) {
  const [checking, setChecking] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const check = useRef(onCheck);
  useEffect(() => {
    check.current = onCheck;
  }, [onCheck]);

  const runCheck = async () => {
    setChecking(true);
    try {
      await check.current();
    } catch {
      // Still not ready: the next round tries again.
    } finally {
      setChecking(false);
      setAttempts((count) => count + 1);
    }
  };
  const run = useRef(runCheck);
  useEffect(() => {
    run.current = runCheck;
  });

  useEffect(() => {
    const timer = setInterval(() => void run.current(), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);

  return (
    <HostedCard title={PROVISIONING_TITLE}>
      <div className="mt-4 flex flex-col items-center gap-4 text-center">
        <Spinner size={24} label={null} />
        <p className="text-sm text-fg-muted">
          The Vigil instance of <strong className="text-fg">{organizationName}</strong> is being
          prepared. This page checks again every {Math.round(intervalMs / 1000)} seconds and opens
          the console as soon as it is ready.
        </p>
        <p role="status" className="text-xs text-fg-muted">
          {checking
            ? 'Checking…'
            : attempts > 0
              ? `Not ready yet (checked ${attempts} ${attempts === 1 ? 'time' : 'times'}).`
              : 'Waiting for the instance.'}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="primary" isLoading={checking} onClick={() => void runCheck()}>
            Check now
          </Button>
          {onSwitch ? <Button onClick={onSwitch}>Switch organization</Button> : null}
        </div>
        {/* On its own line, as on the picker: not a third choice beside the two above. */}
        <Button variant="ghost" onClick={onSignOut}>
          Sign out
        </Button>
      </div>
    </HostedCard>
  );
}
