/**
 * A fake list endpoint for sort tests (component tests of server-paged tables): the default order
 * (an `order` starting with `defaultColumn`) answers at once, any other order is held until
 * `answer()`, so a test can look at the table while the sorted page is on its way.
 */
import { jsonResponse, type FakeApi } from './render-with-providers';

export function heldOrderApi<Row>(
  path: string,
  rows: { first: readonly Row[]; sorted: readonly Row[] },
  defaultColumn = 'created_at',
) {
  const queries: string[] = [];
  let answer: () => void = () => undefined;
  const respond = (list: readonly Row[]) =>
    jsonResponse(list, 200, { 'content-range': `0-${list.length - 1}/${list.length}` });
  const api: FakeApi = {
    [path]: ({ url }: { url: string }) => {
      const search = new URL(url, 'http://localhost').searchParams;
      queries.push(search.toString());
      if ((search.get('order') ?? '').startsWith(defaultColumn)) return respond(rows.first);
      return new Promise<Response>((resolve) => {
        answer = () => resolve(respond(rows.sorted));
      });
    },
  };
  return { api, queries, answer: () => answer() };
}
