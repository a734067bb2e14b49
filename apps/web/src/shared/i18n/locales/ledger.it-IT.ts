import type { ledgerEn } from './ledger.en-US';

/** La pagina pubblica di una registrazione del registro (`/ledger/{hash}`), in italiano. */
export const ledgerIt: typeof ledgerEn = {
  ledger: {
    title: 'Registrazione sul registro',
    intro:
      'Ogni attestato che rilasciamo è registrato su un registro: una catena di registrazioni firmate, ciascuna con l’impronta (hash SHA-256) di ciò che garantisce e l’hash della registrazione precedente. Una registrazione contiene solo codici e hash, nessun dato personale.',
    hashLabel: 'Hash della registrazione',
    intact: 'Questa registrazione è integra: il suo hash e la sua firma sono corretti.',
    notIntact:
      'Questa registrazione NON è integra: il suo hash o la sua firma non corrispondono al contenuto.',
    notFound: 'Non esiste alcuna registrazione con questo hash. Controlla l’indirizzo.',
    factsTitle: 'Che cosa registra',
    fields: {
      kind: 'Tipo di registrazione',
      seq: 'Posizione nel registro',
      certificateId: 'Codice dell’attestato',
      createdAt: 'Registrata il',
      payloadHash: 'Impronta registrata (hash del contenuto)',
      refHash: 'Registrazione a cui si riferisce',
      prevHash: 'Registrazione precedente nel registro',
      hash: 'Hash di questa registrazione',
      signature: 'Firma (Ed25519)',
    },
    kinds: {
      issue: 'Rilascio: l’attestato è stato rilasciato, con l’impronta dei suoi campi',
      seal: 'Sigillo: l’impronta del PDF firmato; un file è l’originale quando il suo SHA-256 è questo',
      supersede: 'Sostituzione: l’attestato è stato sostituito da uno rettificato',
      revoke: 'Revoca: l’attestato è stato revocato',
    },
    firstEntry: 'Nessuna: è la prima registrazione del registro',
    noReference: 'Nessuna',
    openEntry: 'Apri la registrazione {{hash}}',
    checkStatement: 'Verifica un attestato con questo codice',
    asData: 'La stessa registrazione come dati (JSON)',
  },
};
