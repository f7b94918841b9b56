/** Helpers the incident specs share: JSON writes with the cookie's Origin, toasts, the side panel. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** A cookie write (Origin of the page, JSON body) that must succeed; the rows it returns. */
export async function writeJson(
  api: APIRequestContext,
  origin: string,
  method: 'post' | 'patch',
  url: string,
  data: unknown,
) {
  const response = await api[method](url, {
    data,
    headers: { Origin: origin, Prefer: 'return=representation' },
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { id: string }[];
}

/** The signed-in person's id. */
export async function whoAmI(api: APIRequestContext): Promise<string> {
  const whoami = (await (await api.get('/api/auth/whoami')).json()) as {
    payload: { user: { id: string } };
  };
  return whoami.payload.user.id;
}

export function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).first();
}

export function sidePanel(page: Page) {
  return page.getByRole('complementary', { name: 'Incident details' });
}

/** 'Linked to incident successfully' with its link: the incident's path, toast dismissed. */
export async function linkedToast(page: Page): Promise<string> {
  const linked = page.getByRole('status').filter({ hasText: 'Linked to incident successfully' });
  await expect(linked).toBeVisible();
  const href = await linked.getByRole('link').getAttribute('href');
  expect(href).toMatch(/^\/incidents\/[0-9a-f-]{36}$/);
  await linked.getByRole('button', { name: 'Dismiss' }).click();
  return href!;
}
