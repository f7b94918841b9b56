import { useRuntimeConfig } from '../../api/api-context';
import { ExternalLinkIcon, HelpIcon } from '../../ui/icons';
import { Menu, MenuItemLink } from '../../ui/menu';

/** The help menu: a Docs link from `config.docsUrl`. */
export function HelpMenu() {
  const { docsUrl } = useRuntimeConfig();
  return (
    <Menu triggerLabel="Help" triggerClassName="size-9" trigger={<HelpIcon size={18} />}>
      <MenuItemLink href={docsUrl} external icon={<ExternalLinkIcon />}>
        Docs
        <span className="sr-only">(opens in a new tab)</span>
      </MenuItemLink>
    </Menu>
  );
}
