/**
 * The notification routes (spec doc 3 §2.9), in one place for links and the router. Features may
 * not import the app's `paths`, so the area keeps its own; the app's table points here.
 */
export const notificationPaths = {
  history: (id?: string) => (id ? `/notifications?id=${encodeURIComponent(id)}` : '/notifications'),
  rules: (id?: string) =>
    id ? `/notifications/rules?id=${encodeURIComponent(id)}` : '/notifications/rules',
  silences: (id?: string) =>
    id ? `/notifications/silences?id=${encodeURIComponent(id)}` : '/notifications/silences',
  addSilence: () => '/notifications/silences/add',
};
