import { type Page } from '@playwright/test';

/** The topology dashboard (`/topology`, `/topology/{id}`). */
export class TopologyPage {
  constructor(readonly page: Page) {}

  get cards() {
    return this.page.getByRole('list', { name: 'Components' }).getByRole('article');
  }

  card(name: string) {
    return this.page
      .getByRole('list', { name: 'Components' })
      .getByRole('article', { name, exact: true });
  }

  get breadcrumb() {
    return this.page.getByRole('navigation', { name: 'Breadcrumb' });
  }

  get filters() {
    return this.page.getByRole('group', { name: 'Topology filters' });
  }

  get sidebar() {
    return this.page.getByRole('complementary', { name: 'Component details' });
  }

  /** A collapsible panel's header button (it controls the panel; the action menus do not). */
  panelButton(name: string) {
    return this.sidebar
      .locator('button[aria-controls]')
      .filter({ hasText: new RegExp(`^\\s*${name}\\b`) });
  }

  panel(name: string) {
    return this.sidebar.getByRole('region', { name, exact: true });
  }

  /** The names on the cards, in order. */
  async cardNames(): Promise<string[]> {
    return this.cards.locator('[part="title"]').allInnerTexts();
  }

  async openMenu(cardName: string) {
    await this.page
      .getByRole('button', { name: `Actions of ${cardName}` })
      .first()
      .click();
  }
}
