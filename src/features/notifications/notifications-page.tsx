/**
 * The notifications area (spec doc 3 §2.9). Each tab is a route of its own in the route table, so
 * a first load fetches only the tab it shows: /notifications (send history),
 * /notifications/rules, /notifications/silences and /notifications/silences/add, each under the
 * area's tabs. Any other notifications address is the not-found message here, never a blank page.
 */
import type { ReactNode } from 'react';
import { EmptyState } from '../../ui/empty-state';
import { BellIcon } from '../../ui/icons';
import { NotificationTabs } from './notification-tabs';

/** The area's frame: its tabs above the tab's page. */
export function NotificationsFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      <NotificationTabs />
      {children}
    </div>
  );
}

export function UnknownNotificationsPage() {
  return (
    <NotificationsFrame>
      <EmptyState
        icon={<BellIcon size={22} />}
        title="Page not found"
        description="This notifications page does not exist."
      />
    </NotificationsFrame>
  );
}
