/**
 * `npm run amplify:create-admin -- <email> "<First Last>"`: the first admin of a deployed backend
 * (the cloud's counterpart of `npm run create-admin`). Reads the table names from
 * amplify_outputs.json (`npx ampx generate outputs`, or the sandbox's) and writes with the AWS
 * credentials of your shell, through the same registerAccount and DynamoDB store the Lambda uses.
 * The name comes from the argument, ADMIN_NAME or the prompt; the password from ADMIN_PASSWORD or the prompt.
 */
import { readFileSync } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { registerAccount } from '../../server/accounts/account-service';
import { AppError } from '../../server/errors';
import { ROLE_ADMIN } from '../../shared/roles';
import { readAdminName, readAdminPassword } from '../../scripts/admin-password';
import { DynamoAccountStore } from '../functions/common/dynamo-accounts';
import { sdkDynamoPort } from '../functions/common/dynamo-client';
import { DynamoSessionStore } from '../functions/common/dynamo-sessions';

const [email, givenName] = process.argv.slice(2);
if (!email) {
  console.error(
    'usage: npm run amplify:create-admin -- <email> ["<First Last>"]   (name from the argument, ADMIN_NAME or the prompt; password from ADMIN_PASSWORD or the prompt)',
  );
  process.exit(2);
}

interface Outputs {
  data?: { aws_region?: string };
  custom?: { userTable?: string; credentialsTable?: string; sessionsTable?: string };
}
const outputs = JSON.parse(readFileSync(process.env.AMPLIFY_OUTPUTS ?? 'amplify_outputs.json', 'utf8')) as Outputs;
const { userTable, credentialsTable, sessionsTable } = outputs.custom ?? {};
if (!userTable || !credentialsTable || !sessionsTable)
  throw new Error('amplify_outputs.json has no custom.userTable/credentialsTable/sessionsTable: is it from this backend?');

const name = await readAdminName(givenName);
const password = await readAdminPassword();

const db = sdkDynamoPort(
  DynamoDBDocumentClient.from(new DynamoDBClient({ region: outputs.data?.aws_region }), {
    marshallOptions: { removeUndefinedValues: true },
  }),
);
const sessions = new DynamoSessionStore(db, { sessions: sessionsTable, users: userTable });
try {
  const admin = await registerAccount(new DynamoAccountStore(db, { users: userTable, credentials: credentialsTable }, sessions), {
    email,
    name,
    password,
    type: ROLE_ADMIN,
  });
  console.log(`Created admin ${admin.email} in ${userTable}`);
} catch (error) {
  console.error(error instanceof AppError ? error.message : error);
  process.exitCode = 1;
}
