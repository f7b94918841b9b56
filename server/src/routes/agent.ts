/**
 * `POST /api/agent/generate` (api.md §7.1, schema.md §2): an agent, the person it acts as (type
 * `agent`), a one-year access token named `default` and the role `agent`, in one transaction.
 * The token is returned once; only its SHA-256 is stored.
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { createAccessToken } from '../auth/access-tokens';
import type { Db } from '../db/types';
import type { AppEnv } from '../http/env';
import { jsonError } from '../http/errors';
import { callerOf, requirePermission } from '../http/rbac';

/** Agent tokens are valid for a year (api.md §7.1). */
export const AGENT_TOKEN_TTL_MS = 365 * 24 * 60 * 60 * 1000;
const MAX_NAME_LENGTH = 255;

export interface GenerateAgentInput {
  name: string;
  properties: Record<string, string>;
}

/** The request body, keys matched case-insensitively; a string error says what is wrong. */
export function parseGenerateAgent(text: string): GenerateAgentInput | string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'invalid request body: not JSON';
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return 'invalid request body: expected a JSON object';
  }
  const field = (key: string): unknown =>
    Object.entries(body).find(([name]) => name.toLowerCase() === key)?.[1];
  const name = field('name');
  if (name === undefined || name === null || (typeof name === 'string' && name.trim() === '')) {
    return 'name is required';
  }
  if (typeof name !== 'string') return 'name must be a string';
  if (name.trim().length > MAX_NAME_LENGTH) {
    return `name must be at most ${MAX_NAME_LENGTH} characters`;
  }
  const raw = field('properties');
  const properties: Record<string, string> = {};
  if (raw !== undefined && raw !== null) {
    if (typeof raw !== 'object' || Array.isArray(raw)) {
      return 'properties must be an object of string values';
    }
    for (const [key, value] of Object.entries(raw)) {
      if (typeof value !== 'string') return `properties.${key} must be a string`;
      properties[key] = value;
    }
  }
  return { name: name.trim(), properties };
}

/** Whether an error is a unique violation (PostgreSQL 23505, through pg or PGlite). */
function isUniqueViolation(error: unknown): boolean {
  return (
    error !== null && typeof error === 'object' && (error as { code?: unknown }).code === '23505'
  );
}

class NameTaken extends Error {}

export function agentRoutes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/generate', requirePermission('agents', 'write'), async (c) => {
    const input = parseGenerateAgent(await c.req.text());
    if (typeof input === 'string') return jsonError(c, 400, input);
    const caller = callerOf(c);
    const username = `agent-${randomBytes(6).toString('hex')}`;
    try {
      const created = await db.transaction(async (tx) => {
        const taken = await tx.query(
          'SELECT 1 FROM agents WHERE name = $1 AND deleted_at IS NULL',
          [input.name],
        );
        if (taken.rows.length > 0) throw new NameTaken();
        const person = await tx.query<{ id: string }>(
          `INSERT INTO people (name, email, type) VALUES ($1, $2, 'agent') RETURNING id`,
          [username, `${username}@local`],
        );
        const personId = person.rows[0]?.id;
        if (!personId) throw new Error('people insert returned no row');
        const token = await createAccessToken(tx, personId, 'default', AGENT_TOKEN_TTL_MS);
        await tx.query(
          `INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, 'agent') ON CONFLICT DO NOTHING`,
          [personId],
        );
        // The caller may be a person of this database or not (no FK target): only link one.
        await tx.query(
          `INSERT INTO agents (name, person_id, properties, created_by)
           VALUES ($1, $2, $3::jsonb, (SELECT id FROM people WHERE id = $4::uuid))`,
          [input.name, personId, JSON.stringify({ ...input.properties, type: 'agent' }), caller.id],
        );
        return { id: personId, token };
      });
      return c.json({ id: created.id, username, access_token: created.token }, 201);
    } catch (error: unknown) {
      if (error instanceof NameTaken || isUniqueViolation(error)) {
        return jsonError(c, 409, `an agent named "${input.name}" already exists`);
      }
      throw error;
    }
  });

  return app;
}
