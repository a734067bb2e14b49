/** Closure periods announced by the body (spec §9), both ends included. */
export const CLOSURE_SEEDS = [
  // Offices closed: no working days; service resumes 13 January 2025.
  {
    kind: 'closure',
    starts_on: '2024-12-16',
    ends_on: '2025-01-12',
    // The spec gives no announcement day: four weeks ahead (decision 030).
    announce_from: '2024-11-18',
    notice_en_us:
      'Our offices are closed from 16 December 2024 to 12 January 2025: requests are not processed and deadlines do not run. Service resumes on 13 January 2025.',
    notice_it_it:
      'I nostri uffici sono chiusi dal 16 dicembre 2024 al 12 gennaio 2025: le richieste non vengono lavorate e i termini non decorrono. Il servizio riprende il 13 gennaio 2025.',
  },
  // Hard-copy receipt and return delivery of paper documents suspended (used by return delivery).
  { kind: 'return_delivery_suspension', starts_on: '2024-12-24', ends_on: '2025-01-07' },
] as const;
