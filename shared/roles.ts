/** Role types stored on User.type (product §3, §6). */
export const ROLE_ADMIN = 0;
export const ROLE_USER = 1;
export type Role = typeof ROLE_ADMIN | typeof ROLE_USER;

export const isRole = (value: unknown): value is Role => value === ROLE_ADMIN || value === ROLE_USER;
