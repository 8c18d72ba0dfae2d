/**
 * Stores an e-mail confirmation link in the emulated cloud's credentials table (`npm run
 * test:cloud` sets CLOUD_CREDENTIALS_TABLE), in the shape the accounts Lambda writes
 * (amplify/functions/common/dynamo-accounts.ts): links no mail gives (expired ones, ones for an
 * old address), and the one a sign-up mail carries without waiting for an inbox.
 */
import { confirmStamp } from '../../../server/accounts/account-service';
import { hashToken, newSessionToken } from '../../../server/auth/sessions';
import { dynamo } from './throttle-table';

export async function storeConfirmLink(userId: string, email: string, expiresAt: number): Promise<string> {
  const table = process.env.CLOUD_CREDENTIALS_TABLE;
  if (!table) throw new Error('CLOUD_CREDENTIALS_TABLE: run through npm run test:cloud');
  const token = newSessionToken();
  const { sdk, client } = dynamo();
  await client.send(
    new sdk.PutItemCommand({
      TableName: table,
      Item: {
        pk: { S: `reset#${hashToken(token)}` },
        userId: { S: userId },
        expiresAt: { N: String(expiresAt) },
        stamp: { S: confirmStamp(email) },
        ttl: { N: String(Math.ceil(expiresAt / 1000)) },
      },
    }),
  );
  return token;
}
