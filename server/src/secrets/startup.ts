/**
 * The start-up step of secrets at rest (docs/security.md): open the keyring, say where its key
 * comes from when it is not VIGIL_SECRET_KEY, and encrypt what older versions stored plain
 * (idempotent: a second start finds nothing to do).
 */
import type { Db } from '../db/types';
import { fixedSecrets, openKeyring, type Secrets } from './keyring';
import { sealStoredSecrets } from './stored';

export async function openSecrets(
  db: Db,
  configured: Buffer | undefined,
  log: (line: string) => void = (line) => console.log(line),
): Promise<Secrets> {
  const ring = await openKeyring(db, configured);
  if (ring.source === 'database') {
    log(
      `vigil: note: secrets at rest are encrypted with a key ${ring.generated ? 'generated now and ' : ''}` +
        'kept in the database (vigil_secret_key); set VIGIL_SECRET_KEY (32 bytes: 64 hex digits or base64) ' +
        'to keep the key apart from the data',
    );
  }
  const counts = await db.transaction((tx) => sealStoredSecrets(tx, ring));
  if (counts.sealed > 0) log(`vigil: encrypted ${counts.sealed} secret(s) stored in plain text`);
  if (counts.rekeyed > 0) {
    log(`vigil: encrypted ${counts.rekeyed} stored secret(s) again with the current key`);
  }
  if (counts.unreadable > 0) {
    log(
      `vigil: warning: ${counts.unreadable} stored secret(s) were encrypted with a key this server ` +
        'does not have (was VIGIL_SECRET_KEY changed?); they stay as they are',
    );
  }
  return fixedSecrets(ring);
}
