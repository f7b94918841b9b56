/**
 * The notifications area (spec doc 3 §2.9): one lazily loaded page that routes its tabs —
 * /notifications (send history), /notifications/rules, /notifications/silences and
 * /notifications/silences/add. An unknown sub-path is the not-found message, never a blank page.
 */
import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { EmptyState } from '../../ui/empty-state';
import { BellIcon } from '../../ui/icons';
import { NotificationTabs } from './notification-tabs';
import { SendHistoryPage } from './history/send-history-page';

// /notifications renders the send history; the other tabs load when visited.
const RulesPage = lazy(async () => ({ default: (await import('./rules/rules-page')).RulesPage }));
const SilencesPage = lazy(async () => ({
  default: (await import('./silences/silences-page')).SilencesPage,
}));
const SilenceAddPage = lazy(async () => ({
  default: (await import('./silences/silence-add-page')).SilenceAddPage,
}));

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
