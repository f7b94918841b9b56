/**
 * `return_to` must be a same-origin relative path (starting with exactly one `/`); anything
 * else becomes `/` (contract api.md §2, README decision 14).
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters and backslashes can turn a path into a host in some browsers.
  for (const char of value) {
    if (char === '\\' || char.charCodeAt(0) < 0x20) return '/';
  }
  return value;
}
