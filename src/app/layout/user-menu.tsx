/**
 * The user menu: greeting, profile, kubeconfig, theme, versions and Sign out (through the
 * Kratos logout flow, returning to the current path).
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useApiClient, useRuntimeConfig } from '../../api/api-context';
import { errorMessage } from '../../api/client';
import { createLogoutFlow } from '../../api/kratos-flows';
import { sessionQueries } from '../../api/session';
import { displayRole } from '../../rbac/roles';
import { useSession } from '../../rbac/session-context';
import { Avatar } from '../../ui/avatar';
import {
  CheckIcon,
  DownloadIcon,
  LogOutIcon,
  MonitorIcon,
  MoonIcon,
  SunIcon,
  UserIcon,
} from '../../ui/icons';
import {
  Menu,
  MenuDivider,
  MenuGroup,
  MenuItemButton,
  MenuItemLink,
  MenuText,
} from '../../ui/menu';
import { toast } from '../../ui/toast';
import { paths } from '../paths';
import { useThemeStore, type ThemePreference } from '../theme';

/** The reference frontend's version this console is compatible with (spec doc 1 §2). */
export const FRONTEND_VERSION = '1.0.805';

const THEMES: { value: ThemePreference; label: string; icon: typeof SunIcon }[] = [
  { value: 'light', label: 'Light', icon: SunIcon },
  { value: 'dark', label: 'Dark', icon: MoonIcon },
  { value: 'system', label: 'System', icon: MonitorIcon },
];

// The dialog (and Headless UI's Dialog behind it) loads when it is first opened.
const KubeconfigDialog = lazy(async () => ({
  default: (await import('./kubeconfig-dialog')).KubeconfigDialog,
}));

export function UserMenu() {
  const { user, roles } = useSession();
  const client = useApiClient();
  const config = useRuntimeConfig();
  const about = useQuery(sessionQueries.about(client));
  const preference = useThemeStore((state) => state.preference);
  const setPreference = useThemeStore((state) => state.setPreference);
  const [kubeconfigOpen, setKubeconfigOpen] = useState(false);
  const name = user?.name || user?.email || 'there';
  const backendVersion = about.data?.Version || 'NA';

  const signOut = async () => {
    try {
      const returnTo = window.location.pathname + window.location.search;
      const flow = await createLogoutFlow(client, returnTo);
      window.location.assign(flow.logout_url);
    } catch (error: unknown) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <>
      <Menu
        triggerLabel="User menu"
        triggerClassName="h-9 gap-2 px-1.5"
        panelClassName="w-64"
        trigger={<Avatar name={user?.name} src={user?.avatar} size="sm" />}
      >
        <div className="flex items-center gap-3 px-2.5 py-2">
          <Avatar name={user?.name} src={user?.avatar} />
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-fg">Hi {name}</p>
            <p className="truncate text-xs text-fg-muted capitalize">{displayRole(roles)}</p>
          </div>
        </div>
        <MenuDivider />
        <MenuItemLink href={paths.profileSettings()} icon={<UserIcon />}>
          Your Profile
        </MenuItemLink>
        <MenuItemButton icon={<DownloadIcon />} onClick={() => setKubeconfigOpen(true)}>
          Download kubeconfig
        </MenuItemButton>
        <MenuDivider />
        <MenuGroup label="Theme">
          {THEMES.map(({ value, label, icon: Icon }) => (
            <MenuItemButton key={value} icon={<Icon />} onClick={() => setPreference(value)}>
              <span className="flex-1">{label}</span>
              {preference === value ? (
                <CheckIcon size={14} className="text-link" title="Selected" />
              ) : null}
            </MenuItemButton>
          ))}
        </MenuGroup>
        <MenuDivider />
        <MenuText className="text-xs">
          <span className="block">Frontend {FRONTEND_VERSION}</span>
          <span className="block">Backend {backendVersion}</span>
        </MenuText>
        {config.auth === 'basic' ? (
          <>
            <MenuDivider />
            <MenuItemButton icon={<LogOutIcon />} onClick={() => void signOut()}>
              Sign out
            </MenuItemButton>
          </>
        ) : null}
        {config.auth === 'oidc' ? (
          <>
            <MenuDivider />
            <MenuItemLink href={paths.organizations()} icon={<UserIcon />}>
              Switch organization
            </MenuItemLink>
            <MenuItemButton
              icon={<LogOutIcon />}
              onClick={() =>
                // Loaded on use: the hosted sign-out's OIDC library stays off every page's load.
                void import('../../features/hosted/hosted-sign-out').then((module) =>
                  module.signOutHosted(config),
                )
              }
            >
              Sign out
            </MenuItemButton>
          </>
        ) : null}
      </Menu>
      {kubeconfigOpen ? (
        <Suspense fallback={null}>
          <KubeconfigDialog open onClose={() => setKubeconfigOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
