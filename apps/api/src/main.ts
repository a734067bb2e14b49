/**
 * The server's entry (`node apps/api/dist/main.js`, `npm start`, `bin/lisbon serve`). Imports are
 * hoisted, so the Node version is checked here and the server (`server.ts`, with the native SQLite
 * binding) is imported only after it: an older Node gets one line and exit code 1, not a crash.
 */
import { exitUnderOlderNode } from './platform/node-version';

exitUnderOlderNode();
await import('./server');
