/**
 * `return_to` is accepted only as a same-origin relative path: one leading `/`, not `//` or `/\`
 * (protocol-relative URLs), and no control characters (README.md decision 14).
 */
export function isSafeReturnTo(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we reject
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return false;
  try {
    return new URL(value, 'http://vigil.invalid').origin === 'http://vigil.invalid';
  } catch {
    return false;
  }
}
