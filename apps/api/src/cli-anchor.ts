import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  ANCHOR_CHECK_STEPS,
  ANCHOR_STEP_TITLES,
  anchorCheckMessage,
  anchorReceiptSchema,
  chainLabel,
  isLocale,
  type AnchorCheck,
  type AnchorReceipt,
  type Locale,
} from '@lisbon/domain';
import { createContext } from './app';
import { callerPath, UsageError } from './cli-usage';
import { statementReceipt } from './modules/verify/service';
import { loadConfig } from './platform/config';
import { openDatabase } from './platform/db/database';
import { checkReceipt } from './platform/ledger/anchor/check';
import { createChainReader } from './platform/ledger/anchor/chain';
import {
  selectLatestAnchor,
  selectLatestFinalAnchor,
  selectOpenAnchor,
  selectWaiting,
} from './platform/ledger/anchor/repository';
import { assertKeyFingerprints, keySetFingerprints } from './platform/signing/fingerprints';
import { assertSharedKeysConfigured } from './platform/signing/keys';
import { clockOf } from './platform/test-clock';
import { messageOf } from './platform/errors';

/**
 * The anchoring commands of `npm run cli` (decisions 065, 066): `anchor:verify` checks a statement
 * against its receipt with any node of the chain and nothing of the portal's; `anchor:run` and
 * `anchor:status` are the operator's.
 */

async function withContext<T>(work: (ctx: ReturnType<typeof createContext>) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env);
  assertSharedKeysConfigured(config);
  const db = openDatabase(config.database);
  try {
    // The key set against the deployment's record, as an instance starting (decision 086).
    await assertKeyFingerprints(db, keySetFingerprints(config), clockOf(config));
    return await work(createContext({ config, db, clock: clockOf(config) }));
  } finally {
    await db.destroy();
  }
}

/** The receipt as saved (or as the API's `data`), checked against the documented format. */
function readReceipt(path: string): AnchorReceipt {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ReceiptError(`the receipt ${path} cannot be read as JSON: ${messageOf(error)}`);
  }
  const parsed = anchorReceiptSchema.safeParse(
    typeof json === 'object' && json !== null && 'data' in json ? json.data : json,
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ReceiptError(
      `the receipt is not in the format of docs/anchor-receipt.md: ${issue?.path.join('.') || 'its top level'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}

class ReceiptError extends Error {}

const OUTCOME_WORDS: Record<Locale, Record<AnchorCheck['outcome'], string>> = {
  'en-US': {
    passed: 'passed',
    failed: 'FAILED',
    pending: 'pending',
    unavailable: 'could not be checked now',
    skipped: 'not checked',
  },
  'it-IT': {
    passed: 'superato',
    failed: 'NON SUPERATO',
    pending: 'in attesa',
    unavailable: 'non verificabile ora',
    skipped: 'non verificato',
  },
};

function printChecks(checks: readonly AnchorCheck[], receipt: AnchorReceipt, locale: Locale): number {
  const it = locale === 'it-IT';
  console.log(
    it
      ? `Attestato ${receipt.entry.certificate_id}: voce ${receipt.entry.seq}, catena ${chainLabel(receipt.anchor)}, transazione ${receipt.anchor.transaction_hash}`
      : `Statement ${receipt.entry.certificate_id}: entry ${receipt.entry.seq}, chain ${chainLabel(receipt.anchor)}, transaction ${receipt.anchor.transaction_hash}`,
  );
  for (const check of checks) {
    const number = ANCHOR_CHECK_STEPS.indexOf(check.step) + 1;
    console.log(
      `  ${number}. ${ANCHOR_STEP_TITLES[locale][check.step]}: ${OUTCOME_WORDS[locale][check.outcome]}`,
    );
    console.log(`     ${anchorCheckMessage(check, locale)}`);
  }
  const failed = checks.find((check) => check.outcome === 'failed');
  const undecided = checks.find((check) => check.outcome === 'pending' || check.outcome === 'unavailable');
  const number = (check: AnchorCheck) => ANCHOR_CHECK_STEPS.indexOf(check.step) + 1;
  if (failed) {
    console.log(
      it
        ? `Esito: NON VALIDO al passaggio ${number(failed)}.`
        : `Result: NOT VALID at step ${number(failed)}.`,
    );
  } else if (undecided) {
    console.log(
      it
        ? `Esito: non ancora decidibile (passaggio ${number(undecided)}).`
        : `Result: not decidable yet (step ${number(undecided)}).`,
    );
  } else {
    console.log(it ? 'Esito: VALIDO, ogni passaggio è superato.' : 'Result: VALID, every step passed.');
  }
  const fingerprint = createHash('sha256').update(receipt.ledger_public_key).digest('hex');
  console.log(
    it
      ? `Ente: ${receipt.issuer.name}; chiave del registro (SHA-256 del PEM) ${fingerprint}; indirizzo ${receipt.anchor.sender}: confrontali con quelli che l’ente pubblica (docs/trust-model.md).`
      : `Issuer: ${receipt.issuer.name}; ledger key (SHA-256 of the PEM) ${fingerprint}; sender ${receipt.anchor.sender}: compare them with the ones the body publishes (docs/trust-model.md).`,
  );
  return failed ? 1 : undecided ? 3 : 0;
}

export async function anchorVerify(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      rpc: { type: 'string' },
      file: { type: 'string' },
      lang: { type: 'string', default: 'en-US' },
    },
  });
  const [target] = positionals;
  if (!target || positionals.length > 1) {
    throw new UsageError('anchor:verify needs one receipt file or certificate id');
  }
  if (!values.rpc || !URL.canParse(values.rpc)) throw new UsageError('anchor:verify needs --rpc <node URL>');
  if (!isLocale(values.lang)) throw new UsageError('--lang must be en-US or it-IT');
  const locale = values.lang;
  let receipt: AnchorReceipt;
  try {
    const path = callerPath(target);
    receipt = existsSync(path)
      ? readReceipt(path)
      : await withContext((ctx) => statementReceipt(ctx, target));
  } catch (error) {
    if (!(error instanceof ReceiptError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
    return;
  }
  let fileSha256: string | null = null;
  if (values.file) {
    try {
      fileSha256 = createHash('sha256')
        .update(readFileSync(callerPath(values.file)))
        .digest('hex');
    } catch {
      throw new UsageError(`--file cannot be read: ${values.file}`);
    }
  }
  const reader = createChainReader({ rpcUrl: values.rpc, retryCount: 1 });
  const checks = await checkReceipt({ receipt, fileSha256, reader });
  process.exitCode = printChecks(checks, receipt, locale);
}

export async function anchorRun(): Promise<void> {
  await withContext(async (ctx) => {
    const anchoring = ctx.ledger.anchoring;
    if (!anchoring) throw new UsageError('anchoring is off: set ANCHOR_RPC_URL, ANCHOR_CHAIN_ID and the key');
    const { anchor, error } = await anchoring.run();
    if (!anchor) {
      console.log('Nothing to anchor: no batch is open and none is due.');
      return;
    }
    console.log(
      `Batch ${anchor.id}: entries ${anchor.first_seq}–${anchor.last_seq} (${anchor.entry_count}), root ${anchor.root}, ${anchor.status}` +
        (anchor.tx_hash ? `, transaction ${anchor.tx_hash}` : '') +
        (anchor.block_number !== null ? `, block ${anchor.block_number}` : '') +
        '.',
    );
    if (error) {
      console.error(`The chain's node failed: ${error}. The next pass starts again from here.`);
      process.exitCode = 1;
    }
  });
}

export async function anchorStatus(): Promise<void> {
  await withContext(async (ctx) => {
    const latest = await selectLatestAnchor(ctx.db);
    const open = await selectOpenAnchor(ctx.db);
    const waiting = await selectWaiting(ctx.db, latest?.last_seq ?? 0);
    const settings = ctx.ledger.anchoring?.settings;
    console.log(
      settings
        ? `Anchoring on chain ${chainLabel({ chain_id: settings.chainId, chain_name: settings.chainName })} from ${ctx.ledger.anchoring?.chain.address}: a batch every ${settings.batchSize} entries or ${settings.intervalMinutes} minutes, final after ${settings.confirmations} blocks.`
        : 'Anchoring is off (ANCHOR_RPC_URL unset): statements are recorded on the body’s own ledger only.',
    );
    console.log(
      `Entries waiting for a batch: ${waiting.count}${waiting.oldestAt ? ` (oldest ${waiting.oldestAt})` : ''}.`,
    );
    if (open) {
      console.log(
        `Open batch ${open.id}: entries ${open.first_seq}–${open.last_seq}, ${open.status}${open.tx_hash ? `, transaction ${open.tx_hash}` : ''}${open.last_error ? `; last error: ${open.last_error}` : ''}.`,
      );
    }
    const final = await selectLatestFinalAnchor(ctx.db);
    if (final) {
      console.log(
        `Last final batch ${final.id}: entries ${final.first_seq}–${final.last_seq}, transaction ${final.tx_hash}, block ${final.block_number} (${final.block_time}).`,
      );
    }
  });
}
