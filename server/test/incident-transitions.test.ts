/**
 * The server refuses an incident status change the status table of spec doc 2 §4 forbids
 * (migration 0025): over real HTTP through `/api/db`, every (from, to) pair of the six statuses;
 * allowed ones are saved with their `incident.status_updated` history row, forbidden ones answer
 * 400 with 'Cannot change incident status from X to Y' and leave the row and its history as they
 * were. Inserts are not checked.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessToken } from '../src/auth/access-tokens';
import type { Db } from '../src/db/types';
import { createEngine } from '../src/postgrest/engine';
import { buildApp, openTestDb } from './fixtures/app';

// Spec doc 2 §4, copied: allowed targets by current status.
const STATUSES = ['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed'] as const;
const ALLOWED: Record<string, readonly string[]> = {
  new: STATUSES,
  open: ['open', 'investigating', 'mitigated', 'resolved', 'closed'],
  investigating: ['investigating', 'mitigated', 'resolved', 'closed'],
  mitigated: ['mitigated', 'resolved', 'closed', 'open'],
  resolved: ['resolved', 'closed', 'open'],
  closed: ['closed', 'open'],
};

let db: Db;
let server: ServerType;
let base = '';
let token = '';
let admin = '';

async function newIncident(status: string): Promise<string> {
  const created = await db.query<{ id: string }>(
    `INSERT INTO incidents (title, description, created_by, severity, type, status)
     VALUES ('Transition ' || $2, '', $1, 'low', 'availability', $2) RETURNING id`,
    [admin, status],
  );
  return created.rows[0]?.id ?? '';
}

function patch(id: string, body: Record<string, unknown>) {
  return fetch(`${base}/api/db/incidents?id=eq.${id}`, {
    method: 'PATCH',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    body: JSON.stringify(body),
  });
}

async function statusOf(id: string): Promise<string> {
  const row = await db.query<{ status: string }>('SELECT status FROM incidents WHERE id = $1', [
    id,
  ]);
  return row.rows[0]?.status ?? '';
}

async function statusHistory(id: string): Promise<string[]> {
  const rows = await db.query<{ description: string }>(
    `SELECT description FROM incident_histories
     WHERE incident_id = $1 AND type = 'incident.status_updated' ORDER BY created_at, id`,
    [id],
  );
  return rows.rows.map((row) => row.description);
}

beforeAll(async () => {
  db = await openTestDb();
  const person = await db.query<{ id: string }>(
    `INSERT INTO people (name, email) VALUES ('Transition Admin', 'transition@example.com')
     RETURNING id`,
  );
  admin = person.rows[0]?.id ?? '';
  await db.query(`INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, 'admin')`, [admin]);
  token = await createAccessToken(db, admin, 'transition-test', undefined);
  const t = buildApp(db, { auth: 'basic' }, await createEngine({ db }));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});

describe('incident status transitions on the server', () => {
  it('saves every allowed change and refuses every forbidden one with a 400 and its message', async () => {
    let refused = 0;
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        const id = await newIncident(from);
        const response = await patch(id, { status: to });
        const allowed = ALLOWED[from]?.includes(to) ?? false;
        if (allowed) {
          expect(response.status, `${from} → ${to}`).toBe(200);
          expect(await statusOf(id)).toBe(to);
          expect(await statusHistory(id)).toEqual(from === to ? [] : [to]);
        } else {
          refused += 1;
          expect(response.status, `${from} → ${to}`).toBe(400);
          const body = (await response.json()) as {
            code: string;
            message: string;
            details: string;
          };
          expect(body.message).toBe(`Cannot change incident status from ${from} to ${to}`);
          expect(body.code).toBe('P0001');
          expect(body.details).toBe(`Allowed from ${from}: ${ALLOWED[from]?.join(', ')}`);
          expect(await statusOf(id)).toBe(from);
          expect(await statusHistory(id)).toEqual([]);
        }
      }
    }
    // new → nothing refused; open 1, investigating 2, mitigated 2, resolved 3, closed 4.
    expect(refused).toBe(12);
  });

  it('keeps Close/Reopen and other edits working, and refuses a forbidden change in a mixed patch', async () => {
    const id = await newIncident('investigating');
    expect((await patch(id, { status: 'closed' })).status).toBe(200);
    expect((await patch(id, { status: 'open' })).status).toBe(200);
    expect((await patch(id, { severity: 'high', type: 'security' })).status).toBe(200);
    expect((await patch(id, { status: 'investigating' })).status).toBe(200);
    const mixed = await patch(id, { status: 'open', severity: 'critical' });
    expect(mixed.status).toBe(400);
    const row = await db.query<{ status: string; severity: string }>(
      'SELECT status, severity FROM incidents WHERE id = $1',
      [id],
    );
    expect(row.rows[0]).toEqual({ status: 'investigating', severity: 'high' });
    expect(await statusHistory(id)).toEqual(['closed', 'open', 'investigating']);
    // A status outside the six is refused from any status, new included.
    const fresh = await newIncident('new');
    const bogus = await patch(fresh, { status: 'bogus' });
    expect(bogus.status).toBe(400);
    expect(((await bogus.json()) as { message: string }).message).toBe(
      'Cannot change incident status from new to bogus',
    );
  });

  it('does not check inserts: an incident may start in any status', async () => {
    const response = await fetch(`${base}/api/db/incidents`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
      body: JSON.stringify({
        title: 'Starts closed',
        description: '',
        created_by: admin,
        severity: 'low',
        type: 'availability',
        status: 'closed',
      }),
    });
    expect(response.status).toBe(201);
  });
});
