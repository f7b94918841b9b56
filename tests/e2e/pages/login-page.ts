import { expect, type Page } from '@playwright/test';

/** The sign-in page (`/login`), rendered from a login flow. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto(returnTo?: string) {
    await this.page.goto(returnTo ? `/login?return_to=${encodeURIComponent(returnTo)}` : '/login');
    await expect(this.identifier).toBeVisible();
  }

  get identifier() {
    return this.page.getByLabel('Email or username');
  }

  get password() {
    return this.page.getByLabel('Password', { exact: true });
  }

  async signIn(username: string, password: string) {
    await this.identifier.fill(username);
    await this.password.fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}
