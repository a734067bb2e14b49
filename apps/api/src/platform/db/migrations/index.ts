import type { Migration } from 'kysely/migration';
import * as cmsEntries from './2026-11-21-001-cms-entries';
import * as jobs from './2026-11-21-002-jobs';
import * as identity from './2026-11-21-003-identity';
import * as reference from './2026-11-21-004-reference';
import * as practices from './2026-11-21-005-practices';
import * as documents from './2026-11-21-006-documents';
import * as studyEntries from './2026-11-21-007-study-entries';
import * as payments from './2026-11-21-010-payments';
import * as sandboxGateway from './2026-11-21-011-sandbox-gateway';
import * as staffWorkspace from './2026-11-21-020-staff-workspace';
import * as statementsLedger from './2026-11-21-030-statements-ledger';
import * as statementShareLinks from './2026-11-21-031-statement-share-links';
import * as appeals from './2026-11-21-040-appeals';
import * as returnDelivery from './2026-11-21-050-return-delivery';
import * as notices from './2026-11-21-060-notices';
import * as jobLeases from './2026-11-24-001-job-leases';
import * as hotPathIndexes from './2026-11-25-010-hot-path-indexes';
import * as jobPriorities from './2026-11-25-020-job-priorities';
import * as ledgerAudits from './2026-11-25-030-ledger-audits';
import * as monacoNotALisbonState from './2026-11-25-053-monaco-not-a-lisbon-state';

import * as totpSecretsSealed from './2026-11-25-057-totp-secrets-sealed';
import * as ledgerAnchors from './2026-11-26-065-ledger-anchors';
import * as refundsAndCreditNotes from './2026-11-26-100-refunds-and-credit-notes';
import * as providerRefundsAndNexiOrders from './2026-11-26-101-provider-refunds-and-nexi-orders';
import * as staffSearch from './2026-11-26-200-staff-search';
import * as deadlinesAndDashboard from './2026-11-26-210-deadlines-and-dashboard';
import * as messagesToSeveral from './2026-11-26-220-messages-to-several';
import * as changeNotifications from './2026-11-26-300-change-notifications';
import * as jobsInOrder from './2026-11-26-310-jobs-in-order';
import * as wallet from './2026-11-27-088-wallet';
import * as keyFingerprints from './2026-11-27-340-key-fingerprints';
import * as walletIssuerKeys from './2026-11-28-094-wallet-issuer-keys';
import * as backups from './2026-12-02-096-backups';
import * as documentUploadIds from './2026-12-03-101-document-upload-ids';
import * as walletHolderKeys from './2026-12-04-102-wallet-holder-keys';
import * as statementWithdrawnAt from './2026-12-04-103-statement-withdrawn-at';
import * as walletResultKeys from './2026-12-04-104-wallet-result-keys';
import * as appealsToAdmitInAQueue from './2026-12-04-105-appeals-to-admit-in-a-queue';
import * as faqStatementRecord from './2026-12-05-106-faq-statement-record';
import * as upperSecondaryDocuments from './2026-12-05-107-upper-secondary-documents';
import * as appealDeadlines from './2026-12-05-108-appeal-deadlines';
import * as walletSpentNonces from './2026-12-05-109-wallet-spent-nonces';
import * as walletSpentDpopProofs from './2026-12-05-110-wallet-spent-dpop-proofs';
import * as statementWithdrawals from './2026-12-05-111-statement-withdrawals';
import * as refundsGivenBackByHand from './2026-12-05-112-refunds-given-back-by-hand';
import * as unstaffedRequestsToAssign from './2026-12-05-113-unstaffed-requests-to-assign';
import * as localeChosenAt from './2026-12-05-114-locale-chosen-at';
import * as appealTypeCounts from './2026-12-06-115-appeal-type-counts';
import * as calendarPeriodsByTheLastDay from './2026-12-06-116-calendar-periods-by-the-last-day';
import * as italianApostrophesInTheSeededPages from './2026-12-06-117-italian-apostrophes-in-the-seeded-pages';
import * as practiceNameKeys from './2026-12-06-118-practice-name-keys';
import * as walletPresentationModes from './2026-12-06-119-wallet-presentation-modes';
import * as appealQueueCounts from './2026-12-06-120-appeal-queue-counts';
import * as walletOffersEnded from './2026-12-07-121-wallet-offers-ended';
import * as walletIssuerKeysRevoked from './2026-12-07-122-wallet-issuer-keys-revoked';
import * as walletOffersIssuerKid from './2026-12-07-123-wallet-offers-issuer-kid';
import * as idempotencyKeys from './2026-12-07-124-idempotency-keys';
import * as unobtainableDocuments from './2026-12-07-125-unobtainable-documents';
/**
 * Every migration, by its frozen date-prefixed name. A static list rather than a folder scan,
 * so it works the same under tsx, vitest and a bundler. Append; never edit or reorder.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21-001-cms-entries': cmsEntries,
  '2026-11-21-002-jobs': jobs,
  '2026-11-21-003-identity': identity,
  '2026-11-21-004-reference': reference,
  '2026-11-21-005-practices': practices,
  '2026-11-21-006-documents': documents,
  '2026-11-21-007-study-entries': studyEntries,
  '2026-11-21-010-payments': payments,
  '2026-11-21-011-sandbox-gateway': sandboxGateway,
  '2026-11-21-020-staff-workspace': staffWorkspace,
  '2026-11-21-030-statements-ledger': statementsLedger,
  '2026-11-21-031-statement-share-links': statementShareLinks,
  '2026-11-21-040-appeals': appeals,
  '2026-11-21-050-return-delivery': returnDelivery,
  '2026-11-21-060-notices': notices,
  '2026-11-24-001-job-leases': jobLeases,
  '2026-11-25-010-hot-path-indexes': hotPathIndexes,
  '2026-11-25-020-job-priorities': jobPriorities,
  '2026-11-25-030-ledger-audits': ledgerAudits,
  '2026-11-25-053-monaco-not-a-lisbon-state': monacoNotALisbonState,
  '2026-11-25-057-totp-secrets-sealed': totpSecretsSealed,
  '2026-11-26-065-ledger-anchors': ledgerAnchors,
  '2026-11-26-100-refunds-and-credit-notes': refundsAndCreditNotes,
  '2026-11-26-101-provider-refunds-and-nexi-orders': providerRefundsAndNexiOrders,
  '2026-11-26-200-staff-search': staffSearch,
  '2026-11-26-210-deadlines-and-dashboard': deadlinesAndDashboard,
  '2026-11-26-220-messages-to-several': messagesToSeveral,
  '2026-11-26-300-change-notifications': changeNotifications,
  '2026-11-26-310-jobs-in-order': jobsInOrder,
  '2026-11-27-088-wallet': wallet,
  '2026-11-27-340-key-fingerprints': keyFingerprints,
  '2026-11-28-094-wallet-issuer-keys': walletIssuerKeys,
  '2026-12-02-096-backups': backups,
  '2026-12-03-101-document-upload-ids': documentUploadIds,
  '2026-12-04-102-wallet-holder-keys': walletHolderKeys,
  '2026-12-04-103-statement-withdrawn-at': statementWithdrawnAt,
  '2026-12-04-104-wallet-result-keys': walletResultKeys,
  '2026-12-04-105-appeals-to-admit-in-a-queue': appealsToAdmitInAQueue,
  '2026-12-05-106-faq-statement-record': faqStatementRecord,
  '2026-12-05-107-upper-secondary-documents': upperSecondaryDocuments,
  '2026-12-05-108-appeal-deadlines': appealDeadlines,
  '2026-12-05-109-wallet-spent-nonces': walletSpentNonces,
  '2026-12-05-110-wallet-spent-dpop-proofs': walletSpentDpopProofs,
  '2026-12-05-111-statement-withdrawals': statementWithdrawals,
  '2026-12-05-112-refunds-given-back-by-hand': refundsGivenBackByHand,
  '2026-12-05-113-unstaffed-requests-to-assign': unstaffedRequestsToAssign,
  '2026-12-05-114-locale-chosen-at': localeChosenAt,
  '2026-12-06-115-appeal-type-counts': appealTypeCounts,
  '2026-12-06-116-calendar-periods-by-the-last-day': calendarPeriodsByTheLastDay,
  '2026-12-06-117-italian-apostrophes-in-the-seeded-pages': italianApostrophesInTheSeededPages,
  '2026-12-06-118-practice-name-keys': practiceNameKeys,
  '2026-12-06-119-wallet-presentation-modes': walletPresentationModes,
  '2026-12-06-120-appeal-queue-counts': appealQueueCounts,
  '2026-12-07-121-wallet-offers-ended': walletOffersEnded,
  '2026-12-07-122-wallet-issuer-keys-revoked': walletIssuerKeysRevoked,
  '2026-12-07-123-wallet-offers-issuer-kid': walletOffersIssuerKid,
  '2026-12-07-124-idempotency-keys': idempotencyKeys,
  '2026-12-07-125-unobtainable-documents': unobtainableDocuments,
};
