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

  panelButton(name: string) {
    return this.sidebar.getByRole('button', { name, exact: true });
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
