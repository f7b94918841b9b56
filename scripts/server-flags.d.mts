/** The Node.js flags the reference server runs with (scripts/server-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
