import { sql } from 'kysely';
import type { MigrationDb } from '../schema-helpers';

/**
 * The first FAQ said every statement's fingerprint "is recorded on a blockchain", which is false
 * while anchoring is off (the default, decision 065). Databases seeded before the fix get the
 * seed's new sentences; an answer an administrator rewrote no longer holds the old one and is left alone.
 */
const SENTENCES = [
  {
    old: 'It is digitally signed, and when it is published its fingerprint is recorded on a blockchain, so that nobody can alter it unnoticed.',
    new: "It is digitally signed, and when it is published its fingerprint is recorded on our ledger, so that nobody can alter it unnoticed. Where we also anchor the ledger on a public blockchain, the statement's page says so, and anyone can check the record there without relying on us.",
  },
  {
    old: 'È firmato digitalmente e, al momento della pubblicazione, la sua impronta viene registrata su una blockchain, così nessuno può modificarlo senza che ce ne si accorga.',
    new: "È firmato digitalmente e, al momento della pubblicazione, la sua impronta viene registrata nel nostro registro, così nessuno può modificarlo senza che ce ne si accorga. Se ancoriamo il registro anche su una blockchain pubblica, la pagina dell'attestato lo indica e chiunque può verificare la registrazione lì, senza doversi fidare di noi.",
  },
];

async function replaceSentences(db: MigrationDb, from: 'old' | 'new', to: 'old' | 'new'): Promise<void> {
  for (const sentence of SENTENCES) {
    await db
      .updateTable('cms_entries')
      .set({ content: sql`replace(content, ${sentence[from]}, ${sentence[to]})` })
      .where('entity', '=', 'faq')
      .execute();
  }
}

export async function up(db: MigrationDb): Promise<void> {
  await replaceSentences(db, 'old', 'new');
}

export async function down(db: MigrationDb): Promise<void> {
  await replaceSentences(db, 'new', 'old');
}
