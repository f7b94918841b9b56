import type { ChildProcess } from 'node:child_process';

/** A TCP port that is free on 127.0.0.1 right now. */
export declare function freePort(): Promise<number>;

export interface StartedServer {
  url: string;
  /** Whether `/api/about` answered before the timeout. */
  up: boolean;
  /** Milliseconds from spawn to the first 200 (NaN when it never came). */
  readyMs: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

export declare function startServer(options?: {
  env?: Record<string, string>;
  dataDir?: string;
  timeoutMs?: number;
  onOutput?: (line: string, stream: 'stdout' | 'stderr') => void;
}): Promise<StartedServer>;
