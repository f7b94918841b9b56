/** People and teams beyond the login accounts: on-call engineers, managers, team rosters. */
import type { Queryable } from '../db/types';
import { insertRows, type Row } from './insert';
import type { Rng } from './random';
import type { Person, Team } from './world';

const FIRST = [
  'Amara',
  'Bruno',
  'Chen',
  'Dana',
  'Elif',
  'Farid',
  'Greta',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemi',
  'Lars',
  'Maya',
  'Nikhil',
  'Olga',
  'Pablo',
  'Quinn',
  'Rosa',
  'Sven',
  'Tariq',
  'Uma',
  'Viktor',
  'Wen',
  'Yara',
  'Zoe',
  'Aiko',
  'Ben',
  'Carmen',
  'Dmitri',
  'Esme',
];
const LAST = [
  'Okafor',
  'Silva',
  'Wei',
  'Novak',
  'Yilmaz',
  'Haddad',
  'Lindqvist',
  'Tanaka',
  'Moreno',
  'Berg',
  'Adeyemi',
  'Nielsen',
  'Kaur',
  'Iyer',
  'Petrova',
  'Garcia',
  'Murphy',
  'Rossi',
  'Andersen',
  'Aziz',
  'Das',
  'Horvath',
  'Zhang',
  'Haddad',
  'Kowalski',
  'Sato',
  'Cohen',
  'Ortiz',
  'Volkov',
  'Laurent',
];
const TITLES = [
  'SRE',
  'Platform Engineer',
  'Backend Engineer',
  'Engineering Manager',
  'Data Engineer',
  'Security Engineer',
  'Frontend Engineer',
];

/** `count` people with unique names and e-mails at example.com, spread over `teams`. */
export async function insertPeople(
  tx: Queryable,
  rng: Rng,
  count: number,
  teams: readonly Team[],
  options: { offset: number; createdAgoDays: number; now: number },
): Promise<Person[]> {
  const people: Person[] = [];
  const rows: Row[] = [];
  const members: Row[] = [];
  for (let i = 0; i < count; i++) {
    const n = options.offset + i;
    const first = FIRST[n % FIRST.length] ?? 'Sam';
    const last = LAST[Math.floor(n / FIRST.length + n) % LAST.length] ?? 'Lee';
    const suffix = n >= FIRST.length ? String(Math.floor(n / FIRST.length)) : '';
    const name = `${first} ${last}`;
    const email = `${first}.${last}${suffix}@example.com`.toLowerCase();
    const id = rng.uuid();
    const team = teams[n % teams.length];
    const created = new Date(
      options.now - rng.int(1, options.createdAgoDays) * 86_400_000,
    ).toISOString();
    rows.push({
      id,
      name,
      email,
      type: 'user',
      title: rng.pick(TITLES),
      organization: 'Acme',
      phone: `+1-555-${String(rng.int(0, 9999)).padStart(4, '0')}`,
      properties: {
        timezone: rng.pick([
          'Europe/Berlin',
          'America/New_York',
          'Asia/Singapore',
          'Europe/London',
        ]),
        oncall: rng.chance(0.3),
      },
      created_at: created,
      updated_at: created,
      last_login: rng.chance(0.7)
        ? new Date(options.now - rng.int(1, 14 * 24 * 60) * 60_000).toISOString()
        : null,
    });
    if (team) members.push({ team_id: team.id, person_id: id });
    people.push({ id, name, email, team: team?.name });
  }
  await insertRows(tx, 'people', rows);
  await insertRows(tx, 'team_members', members, { onConflict: 'ON CONFLICT DO NOTHING' });
  return people;
}

/**
 * Teams with a component/notification spec and a creation time; `responderClients` becomes
 * `spec.responder_clients` (the client types the add-responder wizard offers for the team).
 */
export async function insertTeams(
  tx: Queryable,
  rng: Rng,
  teams: readonly { name: string; icon: string; responderClients?: Record<string, unknown> }[],
  admin: string,
  now: number,
): Promise<Team[]> {
  const result: Team[] = [];
  const rows: Row[] = teams.map((team) => {
    const id = rng.uuid();
    result.push({ id, name: team.name });
    const created = new Date(now - rng.int(100, 400) * 86_400_000).toISOString();
    return {
      id,
      name: team.name,
      icon: team.icon,
      spec: {
        components: [{ labels: { team: team.name.toLowerCase() } }],
        notifications: [],
        ...(team.responderClients ? { responder_clients: team.responderClients } : {}),
      },
      source: 'UI',
      created_by: admin,
      created_at: created,
      updated_at: created,
    };
  });
  await insertRows(tx, 'teams', rows);
  return result;
}
