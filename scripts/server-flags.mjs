// The Node.js flags the reference server runs with (issue 18, idle memory), in one place:
// `npm start` (package.json, where npm needs them literally; tests/scripts/server-flags.test.ts
// checks the two agree), scripts/server-process.mjs (tests, benchmarks) and playwright.config.ts.
//
//   --max-semi-space-size=2  V8's young generation grows to 16 MB per semi-space under load and
//                            gives it back only long after; capped at 2 MB the idle server keeps
//                            about 45 MB less (bench/server-memory.ts).
//   --v8-pool-size=1         one V8 background thread instead of one per core: every thread's
//                            malloc arena keeps what compiling PGlite's WebAssembly and JS on it
//                            freed (about 25 MB on 2 cores, more on larger machines).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2', '--v8-pool-size=1'];
