/** The new admin's password for the create-admin commands: ADMIN_PASSWORD, or asked for on the terminal. */
import { createInterface } from 'node:readline/promises';
import { PASSWORD_POLICY_TEXT } from '../shared/validation/account';

export async function readAdminPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  console.log(PASSWORD_POLICY_TEXT);
  const password = await prompt.question('Password: ');
  prompt.close();
  return password;
}
