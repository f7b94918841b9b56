import { expect, type Locator, type Page } from '@playwright/test';

/** The application shell: header, user menu and sidebar. */
export class AppShell {
  readonly sidebar: Locator;

  constructor(private readonly page: Page) {
    this.sidebar = page.getByRole('navigation', { name: 'Main' });
  }

  navLink(name: string) {
    return this.sidebar.getByRole('link', { name, exact: true });
  }

  settingsToggle() {
    return this.sidebar.getByRole('button', { name: /Settings/ });
  }

  async openUserMenu() {
    await this.page.getByRole('button', { name: 'User menu' }).click();
    await expect(this.page.getByRole('menu')).toBeVisible();
  }

  async chooseTheme(theme: 'Light' | 'Dark' | 'System') {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: theme }).click();
  }

  async signOut() {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: 'Sign out' }).click();
  }
}
