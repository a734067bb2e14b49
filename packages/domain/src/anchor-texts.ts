// The anchor check's steps and their headings, in words: no schema here, so the catalogues that
// name them (decision 075) do not build the anchor's schemas.
import type { Locale } from './locales';

/** The steps of a check, in order: each runs only when the one before it passed. */
export const ANCHOR_CHECK_STEPS = ['file', 'entry', 'path', 'transaction'] as const;
export type AnchorCheckStep = (typeof ANCHOR_CHECK_STEPS)[number];

/** What each step checks, as a heading. */
export const ANCHOR_STEP_TITLES: Record<Locale, Record<AnchorCheckStep, string>> = {
  'en-US': {
    file: 'The file is the one the ledger sealed',
    entry: 'The seal entry is intact and signed by the body',
    path: 'The entry belongs to the batch the body anchored',
    transaction: 'The batch is recorded on the blockchain',
  },
  'it-IT': {
    file: 'Il file è quello sigillato nel registro',
    entry: 'La voce di sigillo è integra e firmata dall’ente',
    path: 'La voce appartiene al lotto ancorato dall’ente',
    transaction: 'Il lotto è registrato sulla blockchain',
  },
};
