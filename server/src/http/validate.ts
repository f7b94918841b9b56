const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether text is a uuid (checked before it reaches a uuid parameter, so a typo is a 4xx). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
