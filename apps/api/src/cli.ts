/**
 * `bin/lisbon <command>` (a release; in a checkout, `npm run cli -- <command>`). `help`,
 * `--version` and a command it does not know answer from the usage alone; any other loads the commands, and with
 * them the API's modules and packages, only then (cli-commands.ts).
 */
import { HELP_HINT, isCommand, USAGE } from './cli-usage';
import { versionLine } from './platform/build';
import { exitUnderOlderNode } from './platform/node-version';

const [command, ...args] = process.argv.slice(2);
if (command === 'help' || command === '--help' || command === '-h') {
  console.log(USAGE);
} else if (command === '--version' || command === '-V') {
  // The version and the commit of this build: a release's COMMIT file, a checkout's git HEAD.
  console.log(versionLine());
} else if (!isCommand(command)) {
  console.error(command ? `Unknown command: ${command}\n${HELP_HINT}` : USAGE);
  process.exitCode = 2;
} else {
  // The commands load the native SQLite binding, which crashes an older Node without a word.
  exitUnderOlderNode();
  const { runCommand } = await import('./cli-commands');
  await runCommand(command, args);
}
