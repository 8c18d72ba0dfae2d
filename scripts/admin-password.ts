/**
 * The new admin's password and name for the create-admin commands: the password from
 * ADMIN_PASSWORD or asked for on the terminal; the name from the command line, ADMIN_NAME, or
 * asked for (decision 0200: never a made-up "Shop Admin").
 */
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

/** The name given on the command line, else ADMIN_NAME, else asked for until one is typed. */
export async function readAdminName(given: string | undefined): Promise<string> {
  const known = given?.trim() || process.env.ADMIN_NAME?.trim();
  if (known) return known;
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    for (;;) {
      const name = (await prompt.question('Name (First Last): ')).trim();
      if (name) return name;
      console.log('The name is shown to the other admins; please type one.');
    }
  } finally {
    prompt.close();
  }
}
