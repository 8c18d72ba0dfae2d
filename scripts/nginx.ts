/**
 * nginx with its stream module, for the test that runs deploy/nginx/nginx.conf in front of the
 * server (tests/security/reverse-proxy.test.ts). `npm test` installs Debian's when it finds none
 * and runs as root, as it does Chromium (scripts/chromium.ts).
 */
import { existsSync } from 'node:fs';
import { canInstallDebianPackages, installDebianPackages } from './debian-packages';

export const NGINX_PACKAGES = ['nginx', 'libnginx-mod-stream'];
const NGINX_PATHS = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'];
/** Debian's stream module, which the configuration loads (its per-connection cap). */
const STREAM_MODULE = '/usr/lib/nginx/modules/ngx_stream_module.so';

const NONE_FOUND = `No nginx with its stream module for the reverse proxy test. Install them (as root: apt-get install ${NGINX_PACKAGES.join(' ')}).`;

/** The nginx executable, or null when it or Debian's stream module is missing. */
export function findNginx(exists = existsSync): string | null {
  const found = NGINX_PATHS.find((path) => exists(path));
  return found && exists(STREAM_MODULE) ? found : null;
}

/** nginx for the tests: the one found, or Debian's, installed when this runs as root. Returns its path or throws what to do. */
export function ensureNginx(): string {
  const found = findNginx();
  if (found) return found;
  if (!canInstallDebianPackages()) throw new Error(NONE_FOUND);
  installDebianPackages(NGINX_PACKAGES, NONE_FOUND);
  const installed = findNginx();
  if (!installed) throw new Error(NONE_FOUND);
  return installed;
}

export const nginxPath = (): string => {
  const found = findNginx();
  if (!found) throw new Error(NONE_FOUND);
  return found;
};
