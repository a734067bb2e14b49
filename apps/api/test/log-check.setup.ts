import { appendFileSync } from 'node:fs';
import { listenToMintedSecrets } from '../src/platform/crypto';
import { LOG_CHECK_DIR_VARIABLE, secretsFileOf } from './log-check';

// Every secret minted in this test file's process goes to the run's list (log-check.ts).
const folder = process.env[LOG_CHECK_DIR_VARIABLE];
if (folder) {
  const file = secretsFileOf(folder);
  listenToMintedSecrets((secret) => appendFileSync(file, `${secret}\n`));
}
