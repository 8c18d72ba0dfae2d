/**
 * `npm run create-admin -- <email> "<First Last>"`: creates an admin account in DATA_DIR. The
 * name comes from the argument, ADMIN_NAME or the prompt; the password from ADMIN_PASSWORD or the
 * prompt. Safe beside a running server.
 */
import { join } from 'node:path';
import introspection from '../shared/generated/model-introspection.json' with { type: 'json' };
import { registerAccount } from '../server/accounts/account-service';
import { SqliteAccountStore } from '../server/accounts/account-store';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { ModelStore } from '../server/db/model-store';
import { AppError } from '../server/errors';
import type { ModelIntrospectionSchema } from '../server/model/introspection-types';
import { buildModelMetas } from '../server/model/model-meta';
import { ROLE_ADMIN } from '../shared/roles';
import { readAdminName, readAdminPassword } from './admin-password';

const [email, givenName] = process.argv.slice(2);
if (!email) {
  console.error(
    'usage: npm run create-admin -- <email> ["<First Last>"]   (name from the argument, ADMIN_NAME or the prompt; password from ADMIN_PASSWORD or the prompt)',
  );
  process.exit(2);
}

const name = await readAdminName(givenName);
const password = await readAdminPassword();

const config = loadConfig();
const models = buildModelMetas(introspection as unknown as ModelIntrospectionSchema);
const db = openDatabase(join(config.dataDir, 'shop.sqlite3'), models);
try {
  const admin = await registerAccount(new SqliteAccountStore(new ModelStore(db, models)), { email, name, password, type: ROLE_ADMIN });
  console.log(`Created admin ${admin.email} in ${config.dataDir}`);
} catch (error) {
  console.error(error instanceof AppError ? error.message : error);
  process.exitCode = 1;
} finally {
  db.close();
}
