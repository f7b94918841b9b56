/** Arguments of `npm run seed` (kept apart from cli.ts so tests can import them). */
import { DEMO_SEED } from './demo';

const USAGE = 'usage: npm run seed -- --scale demo|large [--seed N]';

/** A bad command line: `message` is one line for the user. */
export class UsageError extends Error {}

export interface CliArgs {
  scale: 'demo' | 'large';
  seed: number;
}

export function parseArgs(argv: readonly string[]): CliArgs {
  let scale: string | undefined;
  let seed: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    if (flag === '--help' || flag === '-h') throw new UsageError(USAGE);
    if (flag !== '--scale' && flag !== '--seed')
      throw new UsageError(`unknown argument ${JSON.stringify(arg)} (${USAGE})`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === '')
      throw new UsageError(`${flag} needs a value (${USAGE})`);
    if (flag === '--scale') scale = value;
    else seed = value;
  }
  if (scale === undefined) scale = 'demo';
  if (scale !== 'demo' && scale !== 'large')
    throw new UsageError(`--scale must be demo or large (got ${JSON.stringify(scale)})`);
  if (seed !== undefined && !/^\d{1,9}$/.test(seed))
    throw new UsageError(
      `--seed must be an integer from 0 to 999999999 (got ${JSON.stringify(seed)})`,
    );
  return { scale, seed: seed === undefined ? DEMO_SEED : Number(seed) };
}
