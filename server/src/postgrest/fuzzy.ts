/** Closest-name hints of PostgREST's errors ("Perhaps you meant …"), by Levenshtein distance. */

/** Levenshtein distance. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const saved = row[j] ?? 0;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((row[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, previous + cost);
      previous = saved;
    }
  }
  return row[b.length] ?? 0;
}

/** Names longer than this are not compared (the distance is quadratic). */
const MAX_NAME = 100;

/**
 * The candidate closest to `target`, case-insensitive, scoring at least 1/3 (1 − distance /
 * longer length); the first of equal scores wins.
 */
export function closestName(target: string, candidates: Iterable<string>): string | undefined {
  if (target.length > MAX_NAME) return undefined;
  const lower = target.toLowerCase();
  let best: string | undefined;
  let bestScore = 0.33;
  for (const candidate of candidates) {
    const other = candidate.toLowerCase();
    if (other.length > MAX_NAME) continue;
    const score = 1 - distance(lower, other) / Math.max(lower.length, other.length, 1);
    if (score > bestScore || (score === bestScore && best === undefined)) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
