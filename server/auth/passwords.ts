/**
 * Password hashing with native bcrypt (cost 10, product §9). Its work runs on libuv's thread pool,
 * so hashing never stalls the event loop (design §4).
 */
import bcrypt from 'bcrypt';

export const BCRYPT_COST = 10;

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST);
export const verifyPassword = (password: string, hash: string) => bcrypt.compare(password, hash);
