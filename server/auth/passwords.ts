/**
 * Password hashing with native bcrypt (cost 10, product §9). Its work runs on libuv's thread pool,
 * so hashing never stalls the event loop (design §4).
 */
import bcrypt from 'bcrypt';

export const BCRYPT_COST = 10;

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST);
export const verifyPassword = (password: string, hash: string) => bcrypt.compare(password, hash);

/**
 * The password work an account service does, handed to it (AccountService): bcrypt in the shop,
 * bcrypt with a count around it in the tests that prove every sign-in failure costs the same.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}

export const BCRYPT_HASHER: PasswordHasher = { hash: hashPassword, verify: verifyPassword };
