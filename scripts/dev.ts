/**
 * `npm run dev`: the local server (development mode: introspection on) on PORT (3000) and Vite
 * with hot reload on 5173, which proxies the API to it. Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];
console.log('Open http://127.0.0.1:5173/home (Vite, hot reload); the API runs on http://127.0.0.1:3000');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
