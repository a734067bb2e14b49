import { VERIFY_MESSAGES_IT } from '@lisbon/domain';
import type { walletEn } from './wallet.en-US';

/** L'attestato nel portafoglio digitale: l'offerta del richiedente e la verifica, in italiano. */
export const walletIt: typeof walletEn = {
  wallet: {
    add: 'Aggiungi a un portafoglio digitale',
    offerTitle: 'Aggiungi l’attestato al tuo portafoglio digitale',
    offerIntro:
      'Apri l’app del tuo portafoglio (per esempio IT-Wallet o un altro portafoglio europeo di identità digitale) e inquadra questo codice, oppure apri il link su questo dispositivo. Il portafoglio ti chiederà il codice monouso qui sotto.',
    qrAlt: 'Codice QR dell’offerta della credenziale per il tuo portafoglio',
    sameDevice: 'Apri in un portafoglio su questo dispositivo',
    txCode: 'Codice monouso',
    txCodeHelp: 'Digita questo codice nel portafoglio quando lo chiede. Non condividerlo.',
    expires: 'L’offerta si può usare una sola volta. Scadenza: {{time}}.',
    newOffer: 'Crea una nuova offerta',
    close: 'Chiudi',
    offerFailed: 'Non è stato possibile creare l’offerta. Riprova.',
    checkIntro:
      'Qualcuno può mostrarti il proprio attestato di riconoscimento da un portafoglio digitale. Chiedigli di inquadrare questo codice con il portafoglio, oppure di aprire il link sul dispositivo che contiene il portafoglio.',
    checkTitle: 'Verifica una credenziale da un portafoglio',
    checkQrAlt: 'Codice QR della richiesta per un portafoglio',
    checkSameDevice: 'Apri in un portafoglio su questo dispositivo',
    waiting: 'In attesa della risposta del portafoglio…',
    expired: 'Questa richiesta è scaduta. Creane una nuova.',
    declined:
      'Il portafoglio non ha condiviso un attestato: il titolare ha rifiutato, oppure non ne possiede. Crea una nuova richiesta per riprovare.',
    declinedOpen:
      'Un portafoglio non ha condiviso un attestato: il titolare ha rifiutato, oppure non ne possiede.',
    stillWaiting:
      'Ancora in attesa di una risposta valida fino alla scadenza della richiesta: il titolare può inquadrare di nuovo il codice. Chiunque veda il codice può rispondere, quindi una risposta valida che arriva dopo sostituisce questa.',
    gone: 'Non c’è alcuna verifica da mostrare qui. Una verifica è mostrata solo nel browser che ha creato la richiesta, oppure nella pagina che il portafoglio apre quando risponde, per {{hours}} ore; poi è cancellata con quanto condiviso dal portafoglio. Crea una nuova richiesta.',
    newRequest: 'Crea una nuova richiesta',
    requestFailed: 'Non è stato possibile creare la richiesta. Riprova.',
    resultTitle: 'Esito della verifica dal portafoglio',
    valid: 'Valido',
    notValid: 'NON valido',
    stepsTitle: 'Passaggi della verifica',
    steps: {
      signature: 'Firma dell’ente emittente',
      holder_binding: 'Legame con il titolare (il portafoglio possiede la chiave)',
      status: 'Stato (non revocato né sostituito)',
      ledger: 'Registrazione nel registro',
      claims: 'Dati richiesti, mostrati',
    },
    outcomes: { passed: 'superato', failed: 'non superato', not_checked: 'non verificato' },
    reasons: { superseded: VERIFY_MESSAGES_IT.superseded, revoked: VERIFY_MESSAGES_IT.revoked },
    disclosed: 'Dati mostrati dal titolare',
  },
};
