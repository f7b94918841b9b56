/**
 * Delivery of one message to one service, for real: HTTP POSTs in each chat service's payload
 * shape (generic webhook, Slack, Microsoft Teams, Discord, Mattermost, ntfy) and e-mail over SMTP
 * with nodemailer. Each call is bounded by a timeout; a failure throws a {@link DeliveryError}
 * whose message never carries a secret (webhook URLs and credentials are redacted).
 *
 * A service comes from a rule's `custom_services` entry `{name, url?, connection?, properties?}`
 * and, when it names one, a stored connection (`connection://namespace/name` or an id) whose
 * `type`, `url`, `username`, `password` and `properties` complete it. URLs are plain http(s)
 * webhook URLs, or the shoutrrr forms of the services (`slack://A/B/C`, `discord://token@id`,
 * `mattermost://host/token`, `ntfy://host/topic`, `generic+https://…`, `smtp://…`).
 */
import { smtpSender, smtpTransport } from '../mail/smtp-transport';
import type { Connection } from '../secrets/stored';
import { redactText } from '../secrets/redact';

export class DeliveryError extends Error {
  override readonly name = 'DeliveryError';
}

/** The service kinds delivered. */
export type ServiceKind =
  'generic_webhook' | 'slack' | 'teams' | 'discord' | 'mattermost' | 'ntfy' | 'email';

export interface SmtpSettings {
  host: string;
  port: number;
  /** 'None' | 'ExplicitTLS' | 'ImplicitTLS' | 'Auto' (spec doc 3 §3; Auto by default). */
  encryption: string;
  username?: string | undefined;
  password?: string | undefined;
  from: string;
  fromName?: string | undefined;
  insecureTls: boolean;
}

/** Where one message goes. */
export type Target =
  | {
      kind: Exclude<ServiceKind, 'email'>;
      url: string;
      properties: Record<string, unknown>;
    }
  | { kind: 'email'; smtp: SmtpSettings; to: string[] };

export interface Message {
  title: string;
  body: string;
  /** The event (colours: failed/unhealthy red, passed/healthy green). */
  event: string;
}

const KIND_ALIASES: Record<string, ServiceKind> = {
  generic_webhook: 'generic_webhook',
  generic: 'generic_webhook',
  webhook: 'generic_webhook',
  http: 'generic_webhook',
  slack: 'slack',
  teams: 'teams',
  msteams: 'teams',
  discord: 'discord',
  mattermost: 'mattermost',
  ntfy: 'ntfy',
  email: 'email',
  smtp: 'email',
};

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function str(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function fail(message: string): never {
  throw new DeliveryError(redactText(message));
}

function parse(url: string): URL {
  try {
    return new URL(url);
  } catch {
    return fail(`the service URL is not a valid URL`);
  }
}

/** A shoutrrr-style URL as the https endpoint of its service. */
function endpoint(kind: ServiceKind, raw: string): string {
  const url = parse(raw);
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (scheme === 'http' || scheme === 'https') return url.toString();
  if (scheme === 'generic+http' || scheme === 'generic+https' || scheme === 'generic') {
    const base = scheme === 'generic+http' ? 'http' : 'https';
    return `${base}://${raw.slice(raw.indexOf('://') + 3)}`;
  }
  const parts = url.pathname.split('/').filter(Boolean);
  if (kind === 'slack' && scheme === 'slack') {
    // slack://hook:A/B/C, slack://A/B/C (webhook tokens)
    const tokens = [url.hostname === 'hook' ? '' : url.hostname, ...parts].filter(Boolean);
    if (tokens.length === 3) return `https://hooks.slack.com/services/${tokens.join('/')}`;
    return fail(
      'slack: only incoming-webhook URLs (slack://A/B/C or https://hooks.slack.com/…) can be delivered',
    );
  }
  if (kind === 'discord' && scheme === 'discord') {
    const token = decodeURIComponent(url.username);
    if (!token || !url.hostname) return fail('discord: the URL must be discord://token@webhook-id');
    return `https://discord.com/api/webhooks/${url.hostname}/${token}`;
  }
  if (kind === 'mattermost' && scheme === 'mattermost') {
    const token = parts[0];
    if (!token) return fail('mattermost: the URL must be mattermost://host/token');
    return `https://${url.host}/hooks/${token}`;
  }
  if (kind === 'ntfy' && scheme === 'ntfy') {
    const auth = url.username ? `${url.username}:${url.password}@` : '';
    return `https://${auth}${url.host || 'ntfy.sh'}${url.pathname}`;
  }
  return fail(`${kind}: URLs of scheme ${scheme}:// cannot be delivered by this server`);
}

/** SMTP settings from an smtp:// URL (`smtp://user:pass@host:port/?from=…&to=…`). */
export function smtpFromUrl(raw: string): { smtp: SmtpSettings; to: string[] } {
  const url = parse(raw);
  if (!/^smtps?:$/.test(url.protocol)) fail('email: the URL must be smtp://host:port');
  const query = url.searchParams;
  const implicit = url.protocol === 'smtps:';
  return {
    smtp: {
      host: url.hostname,
      port: Number(url.port || (implicit ? 465 : 587)),
      encryption: query.get('encryption') ?? (implicit ? 'ImplicitTLS' : 'Auto'),
      username: url.username ? decodeURIComponent(url.username) : undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      from: query.get('from') ?? query.get('fromaddress') ?? 'vigil@localhost',
      fromName: query.get('fromName') ?? query.get('fromname') ?? undefined,
      insecureTls: query.get('insecure') === 'true' || query.get('usestarttls') === 'no',
    },
    to: (query.get('to') ?? query.get('toaddresses') ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
  };
}

function emailFromConnection(connection: Connection, props: Record<string, unknown>): SmtpSettings {
  const url = str(connection.url);
  if (url && /^smtps?:\/\//i.test(url)) {
    const parsed = smtpFromUrl(url).smtp;
    return {
      ...parsed,
      username: connection.username ?? parsed.username,
      password: connection.password ?? parsed.password,
    };
  }
  const host = str(props.host) ?? url;
  if (!host) return fail('email: the connection has no host');
  return {
    host,
    port: Number(str(props.port) ?? 587),
    encryption: str(props.encryptionMethod) ?? str(props.encryption) ?? 'Auto',
    username: connection.username ?? undefined,
    password: connection.password ?? undefined,
    from: str(props.from) ?? 'vigil@localhost',
    fromName: str(props.fromName),
    insecureTls: connection.insecureTls === true || props.insecureTLS === true,
  };
}

/**
 * The target of a custom service (with its stored connection, when it names one) for a message
 * whose person/team recipients have the e-mail addresses `emails`.
 */
export function serviceTarget(
  service: Record<string, unknown>,
  connection: Connection | undefined,
): Target {
  const props = { ...record(connection?.properties), ...record(service.properties) };
  const url = str(service.url) ?? str(connection?.url);
  const scheme = url ? /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase() : undefined;
  const declared =
    str(connection?.type) ?? str(service.name) ?? scheme?.replace(/^generic\+https?$/, 'generic');
  const kind = declared ? KIND_ALIASES[declared.toLowerCase()] : undefined;
  if (!kind) {
    return fail(`notification service ${declared ?? '(none)'} is not supported by this server`);
  }
  if (kind === 'email') {
    if (connection) {
      const to =
        str(props.to)
          ?.split(',')
          .map((a) => a.trim()) ?? [];
      return { kind, smtp: emailFromConnection(connection, props), to };
    }
    if (!url) return fail('email: the service has no smtp:// URL or connection');
    const parsed = smtpFromUrl(url);
    return { kind, smtp: parsed.smtp, to: parsed.to };
  }
  if (!url) return fail(`${kind}: the service has no URL`);
  return { kind, url: endpoint(kind, url), properties: props };
}

function colour(event: string): number {
  if (/failed|unhealthy/.test(event)) return 0xd32f2f;
  if (/warning|unknown/.test(event)) return 0xf59e0b;
  if (/passed|healthy/.test(event)) return 0x2e7d32;
  return 0x2563eb;
}

const cut = (value: string, max: number): string =>
  value.length > max ? `${value.slice(0, max - 1)}…` : value;

/** The HTTP request of a chat service or webhook: URL, method, headers, body. */
export function httpRequest(
  target: Exclude<Target, { kind: 'email' }>,
  message: Message,
): { url: string; method: string; headers: Record<string, string>; body?: string } {
  const json = { 'content-type': 'application/json' };
  const p = target.properties;
  switch (target.kind) {
    case 'generic_webhook': {
      const titleKey = str(p.titleKey) ?? str(p.title_key) ?? 'title';
      const messageKey = str(p.messageKey) ?? str(p.message_key) ?? 'message';
      const method = (str(p.requestMethod) ?? str(p.method) ?? 'POST').toUpperCase();
      const contentType = str(p.contentType) ?? 'application/json';
      if (method === 'GET') {
        const url = new URL(target.url);
        url.searchParams.set(titleKey, message.title);
        url.searchParams.set(messageKey, message.body);
        return { url: url.toString(), method, headers: {} };
      }
      const payload = { [titleKey]: message.title, [messageKey]: message.body };
      const body = contentType.includes('json')
        ? JSON.stringify(payload)
        : new URLSearchParams(payload).toString();
      return { url: target.url, method, headers: { 'content-type': contentType }, body };
    }
    case 'slack': {
      const mrkdwn = message.body.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<$2|$1>');
      const payload: Record<string, unknown> = {
        text: `*${message.title}*\n${mrkdwn}`,
        blocks: [
          { type: 'header', text: { type: 'plain_text', text: cut(message.title, 150) } },
          { type: 'section', text: { type: 'mrkdwn', text: cut(mrkdwn || ' ', 3000) } },
        ],
      };
      if (str(p.channel)) payload.channel = str(p.channel);
      if (str(p.username) ?? str(p.botname)) payload.username = str(p.username) ?? str(p.botname);
      return { url: target.url, method: 'POST', headers: json, body: JSON.stringify(payload) };
    }
    case 'teams':
      return {
        url: target.url,
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          '@type': 'MessageCard',
          '@context': 'https://schema.org/extensions',
          summary: cut(message.title, 256),
          themeColor: colour(message.event).toString(16).padStart(6, '0'),
          title: message.title,
          text: message.body,
        }),
      };
    case 'discord':
      return {
        url: target.url,
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          ...(str(p.username) ? { username: str(p.username) } : {}),
          embeds: [
            {
              title: cut(message.title, 256),
              description: cut(message.body, 4096),
              color: colour(message.event),
            },
          ],
        }),
      };
    case 'mattermost':
      return {
        url: target.url,
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          text: `#### ${message.title}\n${message.body}`,
          ...(str(p.channel) ? { channel: str(p.channel) } : {}),
          ...(str(p.username) ? { username: str(p.username) } : {}),
        }),
      };
    case 'ntfy': {
      // JSON publishing: POST {topic, title, message} to the server's root.
      const url = new URL(target.url);
      const segments = url.pathname.split('/').filter(Boolean);
      const topic = str(p.topic) ?? segments.pop();
      if (!topic) return fail('ntfy: the URL has no topic (https://ntfy.sh/<topic>)');
      const headers: Record<string, string> = { ...json };
      if (url.username) {
        const user = decodeURIComponent(url.username);
        const pass = decodeURIComponent(url.password);
        headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
        url.username = '';
        url.password = '';
      }
      url.pathname = `/${segments.join('/')}`;
      const priority = Number(str(p.priority) ?? (/failed|unhealthy/.test(message.event) ? 4 : 3));
      return {
        url: url.toString(),
        method: 'POST',
        headers,
        body: JSON.stringify({
          topic,
          title: message.title,
          message: message.body,
          priority,
          markdown: true,
          ...(str(p.tags) ? { tags: str(p.tags)?.split(',') } : {}),
        }),
      };
    }
  }
}

/** The first bytes of a response body as text (a service may answer with anything). */
async function head(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    // a body cut short reads as what arrived
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8', 0, Math.min(size, limit));
}

async function post(
  target: Exclude<Target, { kind: 'email' }>,
  message: Message,
  timeoutMs: number,
): Promise<void> {
  const request = httpRequest(target, message);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error: unknown) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `timed out after ${timeoutMs} ms`
        : cause instanceof Error
          ? cause.message
          : String(cause);
    return fail(`${target.kind}: ${reason}`);
  }
  const text = await head(response, 2_048);
  if (response.status < 200 || response.status >= 300) {
    const detail = text.trim().replace(/\s+/g, ' ').slice(0, 200);
    fail(`${target.kind}: HTTP ${response.status}${detail ? ` ${detail}` : ''}`);
  }
}

async function mail(
  target: Extract<Target, { kind: 'email' }>,
  message: Message,
  timeoutMs: number,
): Promise<void> {
  if (target.to.length === 0) fail('email: no recipient address');
  const { smtp } = target;
  const transport = smtpTransport(smtp, timeoutMs);
  try {
    await transport.sendMail({
      from: smtpSender(smtp),
      to: target.to,
      subject: message.title,
      text: message.body,
    });
  } catch (error: unknown) {
    fail(`email: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    transport.close();
  }
}

/** Send one message; throws a {@link DeliveryError} when the service refuses or is unreachable. */
export async function deliver(target: Target, message: Message, timeoutMs: number): Promise<void> {
  if (target.kind === 'email') return mail(target, message, timeoutMs);
  return post(target, message, timeoutMs);
}

/** A target's kind and host (webhook paths carry tokens: never logged). */
export function describeTarget(target: Target): string {
  if (target.kind === 'email') return `email to ${target.to.join(', ')}`;
  return `${target.kind} at ${new URL(target.url).host}`;
}
