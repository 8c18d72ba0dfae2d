/**
 * The exit codes of the server process (server/main.ts) that mean something to whatever runs it:
 * `npm start`'s supervisor (scripts/supervise.ts) and systemd (deploy/patterson-shop.service).
 */

/**
 * The configuration cannot work (a bad setting, a first admin asked for and impossible): the
 * server never opened, and starting it again unchanged would fail the same way, so neither the
 * supervisor nor systemd restarts it. 78 is EX_CONFIG of sysexits.h.
 */
export const EXIT_CONFIG = 78;
