/**
 * MD5 of short ASCII strings for the bulk generators (issue 18): the large seed's rows carry
 * md5()-derived ids and keys (as its SQL computed them), a few per row over millions of rows.
 * node:crypto's createHash costs about a microsecond a call in object set-up alone; a message of
 * up to 55 bytes is one MD5 block, hashed here without allocation (the 64 steps written out).
 * Longer or non-ASCII input goes to node:crypto.
 */
import { createHash } from 'node:crypto';

const message = new Uint8Array(64);
const words = new Int32Array(message.buffer);
const digest = new Uint8Array(16);
const digestWords = new Int32Array(digest.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const HEX_PAIRS = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** The message buffer for {@link md5Message}: write up to 55 bytes from 0, then call it. */
export const md5Input = message;

/**
 * MD5 of the first `length` bytes (at most 55) of {@link md5Input}, into a shared buffer valid
 * until the next call.
 */
export function md5Message(length: number): Uint8Array {
  message.fill(0, length);
  message[length] = 0x80;
  words[14] = length * 8;
  if (!LITTLE_ENDIAN) throw new Error('md5: a little-endian platform is needed');
  const w0 = words[0]!,
    w1 = words[1]!,
    w2 = words[2]!,
    w3 = words[3]!;
  const w4 = words[4]!,
    w5 = words[5]!,
    w6 = words[6]!,
    w7 = words[7]!;
  const w8 = words[8]!,
    w9 = words[9]!,
    w10 = words[10]!,
    w11 = words[11]!;
  const w12 = words[12]!,
    w13 = words[13]!,
    w14 = words[14]!,
    w15 = words[15]!;
  let a = 0x67452301;
  let b = 0xefcdab89 | 0;
  let c = 0x98badcfe | 0;
  let d = 0x10325476;
  let t: number;
  t = (a + ((b & c) | (~b & d)) + (0xd76aa478 | 0) + w0) | 0;
  a = (b + ((t << 7) | (t >>> 25))) | 0;
  t = (d + ((a & b) | (~a & c)) + (0xe8c7b756 | 0) + w1) | 0;
  d = (a + ((t << 12) | (t >>> 20))) | 0;
  t = (c + ((d & a) | (~d & b)) + 0x242070db + w2) | 0;
  c = (d + ((t << 17) | (t >>> 15))) | 0;
  t = (b + ((c & d) | (~c & a)) + (0xc1bdceee | 0) + w3) | 0;
  b = (c + ((t << 22) | (t >>> 10))) | 0;
  t = (a + ((b & c) | (~b & d)) + (0xf57c0faf | 0) + w4) | 0;
  a = (b + ((t << 7) | (t >>> 25))) | 0;
  t = (d + ((a & b) | (~a & c)) + 0x4787c62a + w5) | 0;
  d = (a + ((t << 12) | (t >>> 20))) | 0;
  t = (c + ((d & a) | (~d & b)) + (0xa8304613 | 0) + w6) | 0;
  c = (d + ((t << 17) | (t >>> 15))) | 0;
  t = (b + ((c & d) | (~c & a)) + (0xfd469501 | 0) + w7) | 0;
  b = (c + ((t << 22) | (t >>> 10))) | 0;
  t = (a + ((b & c) | (~b & d)) + 0x698098d8 + w8) | 0;
  a = (b + ((t << 7) | (t >>> 25))) | 0;
  t = (d + ((a & b) | (~a & c)) + (0x8b44f7af | 0) + w9) | 0;
  d = (a + ((t << 12) | (t >>> 20))) | 0;
  t = (c + ((d & a) | (~d & b)) + (0xffff5bb1 | 0) + w10) | 0;
  c = (d + ((t << 17) | (t >>> 15))) | 0;
  t = (b + ((c & d) | (~c & a)) + (0x895cd7be | 0) + w11) | 0;
  b = (c + ((t << 22) | (t >>> 10))) | 0;
  t = (a + ((b & c) | (~b & d)) + 0x6b901122 + w12) | 0;
  a = (b + ((t << 7) | (t >>> 25))) | 0;
  t = (d + ((a & b) | (~a & c)) + (0xfd987193 | 0) + w13) | 0;
  d = (a + ((t << 12) | (t >>> 20))) | 0;
  t = (c + ((d & a) | (~d & b)) + (0xa679438e | 0) + w14) | 0;
  c = (d + ((t << 17) | (t >>> 15))) | 0;
  t = (b + ((c & d) | (~c & a)) + 0x49b40821 + w15) | 0;
  b = (c + ((t << 22) | (t >>> 10))) | 0;
  t = (a + ((d & b) | (~d & c)) + (0xf61e2562 | 0) + w1) | 0;
  a = (b + ((t << 5) | (t >>> 27))) | 0;
  t = (d + ((c & a) | (~c & b)) + (0xc040b340 | 0) + w6) | 0;
  d = (a + ((t << 9) | (t >>> 23))) | 0;
  t = (c + ((b & d) | (~b & a)) + 0x265e5a51 + w11) | 0;
  c = (d + ((t << 14) | (t >>> 18))) | 0;
  t = (b + ((a & c) | (~a & d)) + (0xe9b6c7aa | 0) + w0) | 0;
  b = (c + ((t << 20) | (t >>> 12))) | 0;
  t = (a + ((d & b) | (~d & c)) + (0xd62f105d | 0) + w5) | 0;
  a = (b + ((t << 5) | (t >>> 27))) | 0;
  t = (d + ((c & a) | (~c & b)) + 0x02441453 + w10) | 0;
  d = (a + ((t << 9) | (t >>> 23))) | 0;
  t = (c + ((b & d) | (~b & a)) + (0xd8a1e681 | 0) + w15) | 0;
  c = (d + ((t << 14) | (t >>> 18))) | 0;
  t = (b + ((a & c) | (~a & d)) + (0xe7d3fbc8 | 0) + w4) | 0;
  b = (c + ((t << 20) | (t >>> 12))) | 0;
  t = (a + ((d & b) | (~d & c)) + 0x21e1cde6 + w9) | 0;
  a = (b + ((t << 5) | (t >>> 27))) | 0;
  t = (d + ((c & a) | (~c & b)) + (0xc33707d6 | 0) + w14) | 0;
  d = (a + ((t << 9) | (t >>> 23))) | 0;
  t = (c + ((b & d) | (~b & a)) + (0xf4d50d87 | 0) + w3) | 0;
  c = (d + ((t << 14) | (t >>> 18))) | 0;
  t = (b + ((a & c) | (~a & d)) + 0x455a14ed + w8) | 0;
  b = (c + ((t << 20) | (t >>> 12))) | 0;
  t = (a + ((d & b) | (~d & c)) + (0xa9e3e905 | 0) + w13) | 0;
  a = (b + ((t << 5) | (t >>> 27))) | 0;
  t = (d + ((c & a) | (~c & b)) + (0xfcefa3f8 | 0) + w2) | 0;
  d = (a + ((t << 9) | (t >>> 23))) | 0;
  t = (c + ((b & d) | (~b & a)) + 0x676f02d9 + w7) | 0;
  c = (d + ((t << 14) | (t >>> 18))) | 0;
  t = (b + ((a & c) | (~a & d)) + (0x8d2a4c8a | 0) + w12) | 0;
  b = (c + ((t << 20) | (t >>> 12))) | 0;
  t = (a + (b ^ c ^ d) + (0xfffa3942 | 0) + w5) | 0;
  a = (b + ((t << 4) | (t >>> 28))) | 0;
  t = (d + (a ^ b ^ c) + (0x8771f681 | 0) + w8) | 0;
  d = (a + ((t << 11) | (t >>> 21))) | 0;
  t = (c + (d ^ a ^ b) + 0x6d9d6122 + w11) | 0;
  c = (d + ((t << 16) | (t >>> 16))) | 0;
  t = (b + (c ^ d ^ a) + (0xfde5380c | 0) + w14) | 0;
  b = (c + ((t << 23) | (t >>> 9))) | 0;
  t = (a + (b ^ c ^ d) + (0xa4beea44 | 0) + w1) | 0;
  a = (b + ((t << 4) | (t >>> 28))) | 0;
  t = (d + (a ^ b ^ c) + 0x4bdecfa9 + w4) | 0;
  d = (a + ((t << 11) | (t >>> 21))) | 0;
  t = (c + (d ^ a ^ b) + (0xf6bb4b60 | 0) + w7) | 0;
  c = (d + ((t << 16) | (t >>> 16))) | 0;
  t = (b + (c ^ d ^ a) + (0xbebfbc70 | 0) + w10) | 0;
  b = (c + ((t << 23) | (t >>> 9))) | 0;
  t = (a + (b ^ c ^ d) + 0x289b7ec6 + w13) | 0;
  a = (b + ((t << 4) | (t >>> 28))) | 0;
  t = (d + (a ^ b ^ c) + (0xeaa127fa | 0) + w0) | 0;
  d = (a + ((t << 11) | (t >>> 21))) | 0;
  t = (c + (d ^ a ^ b) + (0xd4ef3085 | 0) + w3) | 0;
  c = (d + ((t << 16) | (t >>> 16))) | 0;
  t = (b + (c ^ d ^ a) + 0x04881d05 + w6) | 0;
  b = (c + ((t << 23) | (t >>> 9))) | 0;
  t = (a + (b ^ c ^ d) + (0xd9d4d039 | 0) + w9) | 0;
  a = (b + ((t << 4) | (t >>> 28))) | 0;
  t = (d + (a ^ b ^ c) + (0xe6db99e5 | 0) + w12) | 0;
  d = (a + ((t << 11) | (t >>> 21))) | 0;
  t = (c + (d ^ a ^ b) + 0x1fa27cf8 + w15) | 0;
  c = (d + ((t << 16) | (t >>> 16))) | 0;
  t = (b + (c ^ d ^ a) + (0xc4ac5665 | 0) + w2) | 0;
  b = (c + ((t << 23) | (t >>> 9))) | 0;
  t = (a + (c ^ (b | ~d)) + (0xf4292244 | 0) + w0) | 0;
  a = (b + ((t << 6) | (t >>> 26))) | 0;
  t = (d + (b ^ (a | ~c)) + 0x432aff97 + w7) | 0;
  d = (a + ((t << 10) | (t >>> 22))) | 0;
  t = (c + (a ^ (d | ~b)) + (0xab9423a7 | 0) + w14) | 0;
  c = (d + ((t << 15) | (t >>> 17))) | 0;
  t = (b + (d ^ (c | ~a)) + (0xfc93a039 | 0) + w5) | 0;
  b = (c + ((t << 21) | (t >>> 11))) | 0;
  t = (a + (c ^ (b | ~d)) + 0x655b59c3 + w12) | 0;
  a = (b + ((t << 6) | (t >>> 26))) | 0;
  t = (d + (b ^ (a | ~c)) + (0x8f0ccc92 | 0) + w3) | 0;
  d = (a + ((t << 10) | (t >>> 22))) | 0;
  t = (c + (a ^ (d | ~b)) + (0xffeff47d | 0) + w10) | 0;
  c = (d + ((t << 15) | (t >>> 17))) | 0;
  t = (b + (d ^ (c | ~a)) + (0x85845dd1 | 0) + w1) | 0;
  b = (c + ((t << 21) | (t >>> 11))) | 0;
  t = (a + (c ^ (b | ~d)) + 0x6fa87e4f + w8) | 0;
  a = (b + ((t << 6) | (t >>> 26))) | 0;
  t = (d + (b ^ (a | ~c)) + (0xfe2ce6e0 | 0) + w15) | 0;
  d = (a + ((t << 10) | (t >>> 22))) | 0;
  t = (c + (a ^ (d | ~b)) + (0xa3014314 | 0) + w6) | 0;
  c = (d + ((t << 15) | (t >>> 17))) | 0;
  t = (b + (d ^ (c | ~a)) + 0x4e0811a1 + w13) | 0;
  b = (c + ((t << 21) | (t >>> 11))) | 0;
  t = (a + (c ^ (b | ~d)) + (0xf7537e82 | 0) + w4) | 0;
  a = (b + ((t << 6) | (t >>> 26))) | 0;
  t = (d + (b ^ (a | ~c)) + (0xbd3af235 | 0) + w11) | 0;
  d = (a + ((t << 10) | (t >>> 22))) | 0;
  t = (c + (a ^ (d | ~b)) + 0x2ad7d2bb + w2) | 0;
  c = (d + ((t << 15) | (t >>> 17))) | 0;
  t = (b + (d ^ (c | ~a)) + (0xeb86d391 | 0) + w9) | 0;
  b = (c + ((t << 21) | (t >>> 11))) | 0;
  digestWords[0] = (a + 0x67452301) | 0;
  digestWords[1] = (b + (0xefcdab89 | 0)) | 0;
  digestWords[2] = (c + (0x98badcfe | 0)) | 0;
  digestWords[3] = (d + 0x10325476) | 0;
  return digest;
}

/** Write `text` (ASCII) into {@link md5Input} at `at`; returns the end, or -1 (too long or not ASCII). */
export function md5Write(text: string, at: number): number {
  const end = at + text.length;
  if (end > 55) return -1;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code > 127) return -1;
    message[at + index] = code;
  }
  return end;
}

/**
 * The MD5 digest of `text` (its UTF-8 bytes) in a shared buffer: valid until the next call (copy
 * it to keep it).
 */
export function md5Bytes(text: string): Uint8Array {
  const length = md5Write(text, 0);
  if (length >= 0) return md5Message(length);
  digest.set(createHash('md5').update(text, 'utf8').digest());
  return digest;
}

/** Hex digits of the first `chars` / 2 bytes of a digest. */
export function digestHex(bytes: Uint8Array, chars: number): string {
  let out = '';
  for (let index = 0; index < chars >> 1; index++) out += HEX_PAIRS[bytes[index]!];
  return (chars & 1) === 1 ? out + HEX_PAIRS[bytes[chars >> 1]!]![0] : out;
}

/** The first `chars` hex digits of md5(text), as substr(md5(text), 1, chars) gives them. */
export function md5Hex(text: string, chars = 32): string {
  return digestHex(md5Bytes(text), chars);
}
