/**
 * The server's entry (`node apps/api/dist/main.js`, `npm start`, `bin/lisbon serve`). Imports are
 * hoisted, so the Node version is checked here and the server (`server.ts`, with the native SQLite
 * binding) is imported only after it: an older Node gets one line and exit code 1, not a crash.
 */
import { nodeVersionRefusal } from './platform/node-version';

const refusal = nodeVersionRefusal(process.versions.node);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
await import('./server');
