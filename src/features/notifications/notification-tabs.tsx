/** The area's tabs Notifications, Rules, Silences (spec doc 3 §2.9): each a route. */
import { useLocation } from 'wouter';
import { NavTabs } from '../../ui/nav-tabs';
import { notificationPaths } from './notification-paths';

const ITEMS = [
  { href: notificationPaths.history(), label: 'Notifications' },
  { href: notificationPaths.rules(), label: 'Rules' },
  { href: notificationPaths.silences(), label: 'Silences' },
] as const;

export function NotificationTabs() {
  const [location] = useLocation();
  const current = location.startsWith(notificationPaths.silences())
    ? notificationPaths.silences()
    : location.startsWith(notificationPaths.rules())
      ? notificationPaths.rules()
      : notificationPaths.history();
  return <NavTabs label="Notification sections" items={ITEMS} currentHref={current} />;
}
