/**
 * Server-side search and paging of user lists (client users and admins), pure: the filter sent
 * with `User.list`. Lists are read 50 at a time with `nextToken`, never all at once, so a shop with
 * thousands of accounts stays fast.
 *
 * `contains` is case-sensitive on the server (as in DynamoDB). E-mails are stored lower-cased, so
 * the search is lower-cased for them; names are searched as typed, all lower-case, with a capital
 * first letter, and with each word capitalised ("ana lo" also finds "Ana Lopez"). A name written
 * with inner capitals ("McDonald") is found only when typed that way (docs/decisions/).
 */
import { ROLE_ADMIN, ROLE_USER, type Role } from '../../../../shared/roles';

export const USER_PAGE_SIZE = 50;
export const SEARCH_DEBOUNCE_MS = 250;
export { ROLE_ADMIN, ROLE_USER };

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The spellings a name search tries, each once, the typed one first. */
export function nameVariants(search: string): string[] {
  const typed = search.trim().replace(/\s+/g, ' ');
  if (typed === '') return [];
  const lower = typed.toLowerCase();
  return [...new Set([typed, lower, capitalize(lower), lower.split(' ').map(capitalize).join(' ')])];
}

export interface UserFilter {
  type: { eq: number };
  or?: ({ name: { contains: string } } | { email: { contains: string } })[];
}

/** The accounts of one role whose name or e-mail contains the search (all of them when it is empty). */
export function userListFilter(type: Role, search: string): UserFilter {
  const names = nameVariants(search);
  if (names.length === 0) return { type: { eq: type } };
  const email = search.trim().toLowerCase();
  return {
    type: { eq: type },
    or: [...names.map((name) => ({ name: { contains: name } })), { email: { contains: email } }],
  };
}
