/** UUIDs as the backend writes them (any version), for ids taken from a route or a URL. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a route id can be a record's id (anything else is 'not found' without a request). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
