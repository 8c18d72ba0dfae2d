/**
 * The longest text one value may be: every backend refuses longer strings (the local server in
 * server/graphql/cost.ts, the Lambda functions in amplify/functions/common/appsync.ts, AppSync's
 * model mutations in a VTL guard from amplify/backend.ts) and the editors stop typing there.
 * Names, descriptions and e-mails are far shorter.
 */
export const MAX_TEXT_LENGTH = 10_000;

/** "input.description" -> "Description": the field as a person names it. */
function fieldLabel(path: string): string {
  const name =
    path
      .replace(/\[\d+\]/g, '')
      .split('.')
      .pop() ?? path;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export const textTooLongMessage = (path: string) =>
  `${fieldLabel(path)} is too long: at most ${MAX_TEXT_LENGTH.toLocaleString('en-US')} characters (${path})`;

/**
 * The path of the first string over MAX_TEXT_LENGTH in a call's arguments (`input.name`,
 * `ids[3]`), or null. Iterative, so no nesting can overflow the stack.
 */
export function tooLongTextIn(args: Readonly<Record<string, unknown>>): string | null {
  const stack: Array<[unknown, string]> = Object.entries(args).map(([name, value]) => [value, name]);
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.length > MAX_TEXT_LENGTH) return path;
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push([item, `${path}[${i}]`]));
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) stack.push([inner, `${path}.${key}`]);
    }
  }
  return null;
}
