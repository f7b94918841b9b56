/**
 * PostgreSQL's own pseudo-random functions in JavaScript, bit for bit (issue 18): the large seed
 * generated its bulk rows in SQL (random() after setseed(), hashint8()); generating the same rows
 * in JavaScript and loading them with COPY is several times cheaper on PGlite, and with these the
 * rows stay exactly what the SQL wrote.
 *
 * - {@link PgRandom}: random() after setseed(x) — xoroshiro128** seeded through splitmix64
 *   (src/common/pg_prng.c, pg_prng_fseed and pg_prng_double).
 * - {@link hashint8}: hashint8(bigint) — the int8 halves folded and mixed with Bob Jenkins' final
 *   mix (src/common/hashfn.c hash_bytes_uint32).
 * - {@link rint}: C's rint() (round half to even), as round(double precision) and the float to
 *   integer casts use it.
 */

const MASK64 = (1n << 64n) - 1n;

function splitmix64(state: { value: bigint }): bigint {
  state.value = (state.value + 0x9e3779b97f4a7c15n) & MASK64;
  let value = state.value;
  value = ((value ^ (value >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
  value = ((value ^ (value >> 27n)) * 0x94d049bb133111ebn) & MASK64;
  return value ^ (value >> 31n);
}

/**
 * The generator of one batch of a bulk load: `setseed` from the load's seed and the batch number
 * (`factor` and `step` tell the loads apart), as the SQL paths seed each batch.
 */
export function batchRandom(seed: number, factor: number, batch: number, step: number): PgRandom {
  return new PgRandom((((seed * factor + batch * step) % 1999) - 999) / 1000);
}

/** random() of a session after `setseed(seed)` (seed in [-1, 1]). */
export class PgRandom {
  // The two 64-bit state words as 32-bit halves (unsigned).
  private s0h = 0;
  private s0l = 0;
  private s1h = 0;
  private s1l = 0;

  constructor(seed: number) {
    if (!(seed >= -1 && seed <= 1)) throw new Error(`setseed: ${seed} is not in [-1, 1]`);
    // int64 seed = ((double) ((UINT64CONST(1) << 52) - 1)) * fseed; then (uint64) seed.
    const fixed = BigInt(Math.trunc((2 ** 52 - 1) * seed)) & MASK64;
    const state = { value: fixed };
    const s0 = splitmix64(state);
    const s1 = splitmix64(state);
    if (s0 === 0n && s1 === 0n) throw new Error('setseed: all-zero state');
    this.s0h = Number(s0 >> 32n);
    this.s0l = Number(s0 & 0xffffffffn);
    this.s1h = Number(s1 >> 32n);
    this.s1l = Number(s1 & 0xffffffffn);
  }

  /** The next random(): [0, 1) with 52 random bits. */
  next(): number {
    const s0h = this.s0h;
    const s0l = this.s0l;
    const sxh = (this.s1h ^ s0h) >>> 0;
    const sxl = (this.s1l ^ s0l) >>> 0;
    // val = rotl(s0 * 5, 7) * 9 (64-bit, as 32-bit halves)
    let low = s0l * 5;
    let high = (Math.imul(s0h, 5) + Math.floor(low / 4294967296)) >>> 0;
    low >>>= 0;
    const rotatedHigh = ((high << 7) | (low >>> 25)) >>> 0;
    const rotatedLow = ((low << 7) | (high >>> 25)) >>> 0;
    low = rotatedLow * 9;
    high = (Math.imul(rotatedHigh, 9) + Math.floor(low / 4294967296)) >>> 0;
    low >>>= 0;
    // s0 = rotl(s0, 24) ^ sx ^ (sx << 16); s1 = rotl(sx, 37)
    this.s0h = (((s0h << 24) | (s0l >>> 8)) ^ sxh ^ ((sxh << 16) | (sxl >>> 16))) >>> 0;
    this.s0l = (((s0l << 24) | (s0h >>> 8)) ^ sxl ^ (sxl << 16)) >>> 0;
    this.s1h = ((sxl << 5) | (sxh >>> 27)) >>> 0;
    this.s1l = ((sxh << 5) | (sxl >>> 27)) >>> 0;
    // ldexp((double) (val >> 12), -52)
    return (high * 1048576 + (low >>> 12)) / 4503599627370496;
  }
}

function rot32(value: number, bits: number): number {
  return ((value << bits) | (value >>> (32 - bits))) >>> 0;
}

/** hashint8(value) for an integer `value` within ±2^53 (int4, as PostgreSQL returns it). */
export function hashint8(value: number): number {
  const high = Math.floor(value / 4294967296);
  const low = (value - high * 4294967296) >>> 0;
  // lohalf ^= (val >= 0) ? hihalf : ~hihalf
  const folded = (low ^ (value >= 0 ? high : ~high)) >>> 0;
  let a = (0x9e3779b9 + 4 + 3923095) >>> 0;
  let b = a;
  let c = a;
  a = (a + folded) >>> 0;
  c = ((c ^ b) - rot32(b, 14)) >>> 0;
  a = ((a ^ c) - rot32(c, 11)) >>> 0;
  b = ((b ^ a) - rot32(a, 25)) >>> 0;
  c = ((c ^ b) - rot32(b, 16)) >>> 0;
  a = ((a ^ c) - rot32(c, 4)) >>> 0;
  b = ((b ^ a) - rot32(a, 14)) >>> 0;
  c = ((c ^ b) - rot32(b, 24)) >>> 0;
  return c | 0;
}

/** C's rint(): the nearest integer, ties to even. */
export function rint(value: number): number {
  const floor = Math.floor(value);
  const diff = value - floor;
  if (diff > 0.5) return floor + 1;
  if (diff < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** a * b as an unevaluated sum (product, error) of doubles: exactly a * b (Dekker). */
function twoProduct(a: number, b: number): [number, number] {
  const product = a * b;
  const splitA = 134217729 * a;
  const aHigh = splitA - (splitA - a);
  const aLow = a - aHigh;
  const splitB = 134217729 * b;
  const bHigh = splitB - (splitB - b);
  const bLow = b - bHigh;
  const error = aHigh * bHigh - product + aHigh * bLow + aLow * bHigh + aLow * bLow;
  return [product, error];
}

/**
 * power(x, 3) as PostgreSQL's pow() gives it: the cube rounded once (correctly rounded), where
 * Math.pow is off by one unit in the last place for about one value in ten.
 */
export function cube(x: number): number {
  const [square, squareError] = twoProduct(x, x);
  const [product, productError] = twoProduct(square, x);
  return product + (productError + squareError * x);
}
