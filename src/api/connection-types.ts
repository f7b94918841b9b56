/**
 * The 25 connection types (spec doc 3 §3; the values of `connections.type`), the one list both
 * the console (the type picker and forms, src/features/settings/connections) and the JSON schema
 * generator (server/schemas/generate.mjs, the `type` enum of connection.schema.json) read.
 */
export const CONNECTION_TYPES = [
  'postgres',
  'mysql',
  'sql_server',
  'http',
  'prometheus',
  'elasticsearch',
  'mongo',
  'ldap',
  'redis',
  'windows',
  'google_cloud',
  'gcs',
  'sftp',
  'aws',
  's3',
  'kubernetes',
  'azure_devops',
  'azure',
  'github',
  'gitlab',
  'restic',
  'smb',
  'jmeter',
  'dynatrace',
  'git',
] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];
