import type { Locale } from '@lisbon/domain';
import type { CardForm, CardFormError } from './gateway';
import type { CardOutcome } from './cards';

/**
 * The sandbox gateway's hosted pages in the payer's language, as a real gateway's checkout speaks
 * the language the merchant passes it: the one the portal's pages were in (its language cookie).
 */
export type SandboxTexts = {
  htmlLang: string;
  gatewayName: string;
  banner: string;
  amount: (amount: string, payee: string) => string;
  testCards: string;
  cardNumberColumn: string;
  outcomeColumn: string;
  outcomes: Record<CardOutcome, string>;
  anyDetails: string;
  fields: Record<keyof CardForm, { label: string; hint?: string }>;
  errors: Record<CardFormError, string>;
  payTitle: string;
  heading: string;
  problem: string;
  pay: (amount: string) => string;
  cancel: string;
  busy: string;
  closedTitle: string;
  closed: Record<'paid' | 'failed' | 'expired', string>;
  backTo: (payee: string) => string;
  notFoundTitle: string;
  notFoundHeading: string;
  notFound: string;
  /** How the page writes an amount of euros. */
  moneyLocale: string;
};

export const SANDBOX_TEXTS: Record<Locale, SandboxTexts> = {
  'en-US': {
    htmlLang: 'en',
    gatewayName: 'Sandbox payment gateway',
    banner: 'SANDBOX — no real money. Test cards only; nothing is ever charged.',
    amount: (amount, payee) => `Amount: <strong>${amount}</strong> (VAT included) — payee: ${payee}`,
    testCards: 'Test cards',
    cardNumberColumn: 'Card number',
    outcomeColumn: 'Outcome',
    outcomes: {
      succeed: 'payment succeeds',
      decline: 'card declined',
      busy: 'gateway busy (try again later)',
    },
    anyDetails: 'Any future expiry date, any 3-digit security code, any name.',
    fields: {
      card_number: { label: 'Card number' },
      expiry: { label: 'Expiry date', hint: 'MM/YY' },
      cvc: { label: 'Security code (CVC)', hint: '3 or 4 digits on the back' },
      holder: { label: 'Name on the card' },
    },
    errors: {
      expiryFormat: 'Enter the expiry date as MM/YY.',
      expired: 'This card has expired.',
      cardNumber: 'Enter the card number (12 to 19 digits).',
      testCard: 'Use one of the sandbox test cards listed on this page.',
      cvc: 'Enter the 3 or 4 digit security code.',
      holder: 'Enter the name on the card.',
    },
    payTitle: 'Pay',
    heading: 'Pay by card',
    problem: 'There is a problem',
    pay: (amount) => `Pay ${amount}`,
    cancel: 'Cancel and go back',
    busy: 'The payment service is very busy right now (high payment volume). Nothing has been charged. Please try again in a few minutes.',
    closedTitle: 'Payment closed',
    closed: {
      paid: 'This payment has already been made.',
      failed: 'This payment was declined. Go back to start a new one.',
      expired: 'This payment session has expired. Nothing has been charged. Go back to start a new one.',
    },
    backTo: (payee) => `Back to ${payee}`,
    notFoundTitle: 'Not found',
    notFoundHeading: 'Payment session not found',
    notFound: 'This payment link is not valid.',
    moneyLocale: 'en-IE',
  },
  'it-IT': {
    htmlLang: 'it',
    gatewayName: 'Gateway di pagamento di prova',
    banner: 'SANDBOX — nessun denaro reale. Solo carte di prova; non viene mai addebitato nulla.',
    amount: (amount, payee) => `Importo: <strong>${amount}</strong> (IVA inclusa) — beneficiario: ${payee}`,
    testCards: 'Carte di prova',
    cardNumberColumn: 'Numero della carta',
    outcomeColumn: 'Esito',
    outcomes: {
      succeed: 'il pagamento riesce',
      decline: 'carta rifiutata',
      busy: 'gateway occupato (riprova più tardi)',
    },
    anyDetails: 'Qualsiasi scadenza futura, qualsiasi codice di sicurezza di 3 cifre, qualsiasi nome.',
    fields: {
      card_number: { label: 'Numero della carta' },
      expiry: { label: 'Data di scadenza', hint: 'MM/AA' },
      cvc: { label: 'Codice di sicurezza (CVC)', hint: '3 o 4 cifre sul retro' },
      holder: { label: 'Nome sulla carta' },
    },
    errors: {
      expiryFormat: 'Inserisci la data di scadenza come MM/AA.',
      expired: 'Questa carta è scaduta.',
      cardNumber: 'Inserisci il numero della carta (da 12 a 19 cifre).',
      testCard: 'Usa una delle carte di prova elencate in questa pagina.',
      cvc: 'Inserisci il codice di sicurezza di 3 o 4 cifre.',
      holder: 'Inserisci il nome sulla carta.',
    },
    payTitle: 'Paga',
    heading: 'Paga con carta',
    problem: 'C’è un problema',
    pay: (amount) => `Paga ${amount}`,
    cancel: 'Annulla e torna indietro',
    busy: 'Il servizio di pagamento è molto occupato in questo momento (molti pagamenti). Non è stato addebitato nulla. Riprova tra qualche minuto.',
    closedTitle: 'Pagamento chiuso',
    closed: {
      paid: 'Questo pagamento è già stato effettuato.',
      failed: 'Questo pagamento è stato rifiutato. Torna indietro per iniziarne uno nuovo.',
      expired:
        'Questa sessione di pagamento è scaduta. Non è stato addebitato nulla. Torna indietro per iniziarne una nuova.',
    },
    backTo: (payee) => `Torna a ${payee}`,
    notFoundTitle: 'Non trovata',
    notFoundHeading: 'Sessione di pagamento non trovata',
    notFound: 'Questo link di pagamento non è valido.',
    moneyLocale: 'it-IT',
  },
};
