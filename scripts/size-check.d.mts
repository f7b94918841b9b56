/** A route to measure: its page module (and prefetch module), source paths without extension. */
export interface BudgetRoute {
  path: string;
  modules: string[];
  /** Rendered in the console shell: what the shell loads at once counts too. */
  shell: boolean;
  /** The target, gzip KB. */
  budget: number;
}

export interface MeasuredRoute {
  path: string;
  /** gzip KB of every JS file the first load fetches, each once. */
  kb: number;
  /** The target, gzip KB. */
  budget: number;
  files: string[];
}

export interface CheckedRoute extends MeasuredRoute {
  /** The ceiling the check enforces: the ceilings file's, or the target for a route not in it. */
  ceiling: number;
  ceilingFromFile: boolean;
}

/** A route's ceiling from its measurement: its target once met, else its size rounded up. */
export declare function ceilingFor(route: { kb: number; budget: number }): number;

/** A ceilings file (route → gzip KB); a missing file reads as `{}`. */
export declare function readCeilings(file: string): Record<string, number>;

export declare function checkRouteBudgets(
  consoleDir: string,
  routes: BudgetRoute[],
  options?: { shellModules?: string[]; ceilings?: Record<string, number> },
): { measured: CheckedRoute[]; over: CheckedRoute[]; missed: CheckedRoute[] };

export declare function updatedCeilings(
  measured: MeasuredRoute[],
  previous: Record<string, number>,
  options?: { allowGrowth?: boolean },
): {
  ceilings: Record<string, number>;
  refused: { path: string; kb: number; ceiling: number }[];
};

export declare function formatBudgetTable(measured: CheckedRoute[]): string;

/**
 * The command line (`--update`, `--allow-growth`, `--dist`, `--routes`, `--ceilings`); returns
 * the exit code.
 */
export declare function main(args?: string[]): number;
