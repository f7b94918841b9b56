/**
 * The notifications area (spec doc 3 §2.9): one lazily loaded page that routes its tabs —
 * /notifications (send history), /notifications/rules, /notifications/silences and
 * /notifications/silences/add. An unknown sub-path is the not-found message, never a blank page.
 */
import { Route, Switch } from 'wouter';
import { EmptyState } from '../../ui/empty-state';
import { BellIcon } from '../../ui/icons';
import { NotificationTabs } from './notification-tabs';
import { RulesPage } from './rules/rules-page';
import { SendHistoryPage } from './history/send-history-page';
import { SilenceAddPage } from './silences/silence-add-page';
import { SilencesPage } from './silences/silences-page';

function UnknownNotificationsPage() {
  return (
    <EmptyState
      icon={<BellIcon size={22} />}
      title="Page not found"
      description="This notifications page does not exist."
    />
  );
}

export function NotificationsPage() {
  return (
    <div className="flex flex-col gap-4">
      <NotificationTabs />
      <Switch>
        <Route path="/notifications">
          <SendHistoryPage />
        </Route>
        <Route path="/notifications/rules">
          <RulesPage />
        </Route>
        <Route path="/notifications/silences">
          <SilencesPage />
        </Route>
        <Route path="/notifications/silences/add">
          <SilenceAddPage />
        </Route>
        <Route>
          <UnknownNotificationsPage />
        </Route>
      </Switch>
    </div>
  );
}
