/** A small deterministic PRNG (mulberry32) so every seed run produces the same data. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HEX_DIGITS = '0123456789abcdef';

/**
 * A uuid drawn from the PRNG (version 4 layout), stable across runs for the same seed: 32 hex
 * digits drawn in order, the 13th replaced by the version (4) and the 17th by the variant (8–b).
 */
export function randomUuid(random: () => number): string {
  let out = '';
  for (let index = 0; index < 32; index++) {
    const digit = Math.floor(random() * 16);
    if (index === 8 || index === 12 || index === 16 || index === 20) out += '-';
    if (index === 12) out += '4';
    else if (index === 16) out += HEX_DIGITS[(digit & 0x3) | 0x8];
    else out += HEX_DIGITS[digit];
  }
  return out;
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Convenience wrapper over one PRNG stream: every draw advances the same sequence. */
export class Rng {
  readonly next: () => number;

  constructor(seed: number) {
    this.next = createRandom(seed);
  }

  /** An integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return pick(this.next, items);
  }

  /** Pick by weight: `[[value, weight], …]`. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = choices[choices.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  /** `count` distinct items in random order (all of them when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, count);
  }

  uuid(): string {
    return randomUuid(this.next);
  }

  /** Lower-case characters from `alphabet` (Kubernetes' pod-name alphabet by default). */
  token(length: number, alphabet = 'bcdfghjklmnpqrstvwxz2456789'): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  hex(length: number): string {
    return this.token(length, '0123456789abcdef');
  }

  /** A roughly normal value (mean 0, sd 1) from the sum of uniforms. */
  normal(): number {
    return this.next() + this.next() + this.next() + this.next() - 2;
  }
}
