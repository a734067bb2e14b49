/**
 * `bin/lisbon <command>` (a release; in a checkout, `npm run cli -- <command>`). `help` and a
 * command it does not know answer from the usage alone; any other loads the commands, and with
 * them the API's modules and packages, only then (cli-commands.ts).
 */
import { HELP_HINT, isCommand, USAGE } from './cli-usage';
import { exitUnderOlderNode } from './platform/node-version';

const [command, ...args] = process.argv.slice(2);
if (command === 'help' || command === '--help' || command === '-h') {
  console.log(USAGE);
} else if (!isCommand(command)) {
  console.error(command ? `Unknown command: ${command}\n${HELP_HINT}` : USAGE);
  process.exitCode = 2;
} else {
  // The commands load the native SQLite binding, which crashes an older Node without a word.
  exitUnderOlderNode();
  const { runCommand } = await import('./cli-commands');
  await runCommand(command, args);
}
