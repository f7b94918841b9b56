/**
 * "Notification events" (spec doc 3 §9), in the spec's order: one list for the console's rule
 * form, the server's dispatcher (server/src/notifications/events.ts) and the schema generator
 * (server/schemas/generate.mjs, notification.schema.json's event enum).
 */
export const NOTIFICATION_EVENTS = [
  'check.failed',
  'check.passed',
  'component.healthy',
  'component.unhealthy',
  'component.unknown',
  'component.warning',
  'config.created',
  'config.deleted',
  'config.healthy',
  'config.unhealthy',
  'config.unknown',
  'config.updated',
  'config.warning',
  'playbook.approval.inserted',
  'playbook.spec.approval.updated',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
