import type { LocalizedCmsContent } from './types';

/** FAQ answers, in display order. Paragraphs are separated by a blank line. */
export const FAQ: readonly LocalizedCmsContent[] = [
  {
    'en-US': {
      title: 'What can I do on this portal?',
      body: `Here you ask us to evaluate a qualification you obtained abroad, in upper secondary or in higher education. You register, pick the service that fits the country of education system of your qualification, upload your documents, pay, and follow your request until we publish a statement about it.

Correspondence and verification is offered for qualifications from the {{lisbon_states_count}} countries that signed the Lisbon Recognition Convention: the statement says which Italian qualification yours corresponds to, and confirms that it is authentic.

Comparability and verification is offered for most other countries: the statement describes your qualification, compares it with the Italian system, and confirms that it is authentic.

Comparability only is offered where the authenticity of a qualification cannot be checked with the institution or authority that issued it.

If you hold political asylum or subsidiary protection in Italy, the comparability service is free of charge once you have proved your status. Verification services are not available to refugees. For a few countries no service can be offered at all; you will be told when you choose the country.`,
    },
    'it-IT': {
      title: 'Che cosa posso fare su questo portale?',
      body: `Qui puoi chiederci di valutare un titolo di studio conseguito all’estero, di livello secondario superiore o di istruzione superiore. Ti registri, scegli il servizio adatto al Paese del sistema di istruzione del tuo titolo, carichi i documenti, paghi e segui la richiesta fino alla pubblicazione dell’attestato.

Corrispondenza e verifica è il servizio per i titoli dei {{lisbon_states_count}} Paesi firmatari della Convenzione di Lisbona sul riconoscimento: l’attestato indica a quale titolo italiano corrisponde il tuo e ne conferma l’autenticità.

Comparabilità e verifica è il servizio per la maggior parte degli altri Paesi: l’attestato descrive il tuo titolo, lo confronta con il sistema italiano e ne conferma l’autenticità.

Solo comparabilità è il servizio per i casi in cui non è possibile verificare l’autenticità del titolo presso l’istituzione o l’autorità che lo ha rilasciato.

Se sei titolare di asilo politico o di protezione sussidiaria in Italia, il servizio di comparabilità è gratuito, dopo aver dimostrato il tuo status. Ai rifugiati non sono offerti i servizi di verifica. Per alcuni Paesi non è possibile offrire alcun servizio: lo scoprirai al momento di scegliere il Paese.`,
    },
  },
  {
    'en-US': {
      title: 'Who can apply?',
      body: `Anyone aged 18 or over who holds a foreign qualification, either the final diploma or a provisional certificate. The services are reserved to adults, so you must be of age when you register. You apply for yourself, from your own account, and each request concerns one qualification.

If you hold political asylum or subsidiary protection in Italy, register through the refugee registration page (/auth/register/refugee). You will be asked for your refugee status certificate, and a refugee account can submit up to two requests.`,
    },
    'it-IT': {
      title: 'Chi può presentare una richiesta?',
      body: `Chiunque abbia almeno 18 anni e possieda un titolo di studio estero, sia il diploma definitivo sia un certificato provvisorio. I servizi sono riservati ai maggiorenni, quindi devi esserlo al momento della registrazione. Presenti la richiesta per te stesso, dal tuo account, e ogni richiesta riguarda un solo titolo.

Se sei titolare di asilo politico o di protezione sussidiaria in Italia, registrati dalla pagina dedicata ai rifugiati (/auth/register/refugee). Ti verrà chiesto il certificato che attesta il tuo status; un account per rifugiati può presentare al massimo due richieste.`,
    },
  },
  {
    'en-US': {
      title: 'Which documents do I need?',
      body: `It depends on the service and on the country of education system: the Documents page (/documents) lists what is required in your case. Most requests need an ID card or passport, the signed consent form (downloadable from the Consent page, /consent), and the diploma, or a provisional certificate if the final diploma has not been issued yet.

For higher education, add the transcript of records and, if your institution issues one, the diploma supplement. For a school-leaving qualification, add the 12th grade certificate and the results of the final or national examination.

Some countries require an apostille or a legalisation of the diploma, and a document in a language other than English or Italian may need a translation. Refugees also upload their refugee status certificate. Scan or photograph every page of each document, front and back, so that everything is readable.`,
    },
    'it-IT': {
      title: 'Quali documenti servono?',
      body: `Dipende dal servizio e dal Paese del sistema di istruzione: la pagina Documenti (/documents) elenca quelli richiesti nel tuo caso. Quasi sempre servono un documento d’identità o il passaporto, il modulo di consenso firmato (lo scarichi dalla pagina Consenso, /consent) e il diploma, oppure un certificato provvisorio se il diploma definitivo non è ancora stato rilasciato.

Per l’istruzione superiore aggiungi il transcript degli esami e, se la tua istituzione lo rilascia, il Supplemento al diploma (Diploma Supplement). Per un titolo di scuola secondaria aggiungi il certificato del dodicesimo anno e i risultati dell’esame finale o nazionale.

Alcuni Paesi richiedono l’apostille o la legalizzazione del diploma, e un documento in una lingua diversa dall’inglese o dall’italiano può richiedere una traduzione. I rifugiati caricano anche il certificato che attesta il loro status. Scansiona o fotografa ogni pagina di ciascun documento, fronte e retro, in modo che tutto sia leggibile.`,
    },
  },
  {
    'en-US': {
      title: 'How long does an evaluation take?',
      body: `An ordinary request is concluded within 60 working days, an urgent one within 30 working days. The count starts once the request is submitted, paid (where a fee applies) and complete with the required documents. Working days exclude weekends, Italian public holidays and the office closures announced on the portal.

Each request shows its expected deadline and the days to go. If the evaluators need something more from you, the request's status shows that it is waiting for your reply: answer promptly to avoid delays.`,
    },
    'it-IT': {
      title: 'Quanto dura una valutazione?',
      body: `Una richiesta ordinaria si conclude entro 60 giorni lavorativi, una urgente entro 30 giorni lavorativi. Il conteggio parte quando la richiesta è inviata, pagata (se il servizio è a pagamento) e completa dei documenti richiesti. Non sono giorni lavorativi i fine settimana, le festività italiane e i periodi di chiusura dell’ufficio annunciati sul portale.

Ogni richiesta mostra la scadenza prevista e i giorni mancanti. Se i valutatori hanno bisogno di altro da te, lo stato della richiesta indica che è in attesa della tua risposta: rispondi appena puoi per evitare ritardi.`,
    },
  },
  {
    'en-US': {
      title: 'How does payment work?',
      body: `You pay online when you submit a request. The price of the service, and of the urgent option if you choose it, is shown before you confirm. The payment takes place on the secure page of our payment provider: we never see or store your card details. Once the payment succeeds, the request is submitted and its deadline starts; if it fails, the request stays a draft and you can try again or contact your bank.

If the invoice must be made out to a company or an organisation, fill in the billing information (tax code, VAT number, business name and unique code) before paying. Receipts and invoices are always available on your Account page (/account). The comparability service for refugees is free.`,
    },
    'it-IT': {
      title: 'Come funziona il pagamento?',
      body: `Paghi online al momento di inviare la richiesta. Il prezzo del servizio, e dell’opzione urgente se la scegli, ti viene mostrato prima della conferma. Il pagamento avviene sulla pagina protetta del nostro fornitore di pagamenti: non vediamo né conserviamo i dati della tua carta. Quando il pagamento va a buon fine, la richiesta viene inviata e la scadenza inizia a decorrere; se non va a buon fine, la richiesta resta in bozza e puoi riprovare o contattare la tua banca.

Se la fattura va intestata a un’azienda o a un ente, compila i dati di fatturazione (codice fiscale, partita IVA, ragione sociale e codice univoco) prima di pagare. Ricevute e fatture sono sempre disponibili nella pagina Account (/account). Il servizio di comparabilità per i rifugiati è gratuito.`,
    },
  },
  {
    'en-US': {
      title: 'What is a statement, and how can someone check that it is genuine?',
      body: `The statement is the document we issue at the end of the evaluation: a PDF that describes your qualification (awarding institution, level, duration, workload, access to further studies and more) and, depending on the service, compares it with the Italian system and confirms that it is authentic. It is digitally signed, and when it is published its fingerprint is recorded on our ledger, so that nobody can alter it unnoticed. Where we also anchor the ledger on a public blockchain, the statement's page says so, and anyone can check the record there without relying on us.

Anyone you give the statement to, such as a university, an employer or a public office, can check it on the verification page (/verify): they upload the PDF and are told whether it is valid or NOT valid. The QR code printed on the statement leads to the same page. Only the original PDF, exactly as we issued it, is accepted: a printout, a scan or an edited file will not pass, and a statement that has been replaced by an amendment or revoked is reported as not valid.`,
    },
    'it-IT': {
      title: 'Che cos’è l’attestato e come si può verificare che sia autentico?',
      body: `L’attestato è il documento che rilasciamo al termine della valutazione: un PDF che descrive il tuo titolo (istituzione che lo ha rilasciato, livello, durata, carico di lavoro, accesso agli studi successivi e altro) e, secondo il servizio scelto, lo confronta con il sistema italiano e ne conferma l’autenticità. È firmato digitalmente e, al momento della pubblicazione, la sua impronta viene registrata nel nostro registro, così nessuno può modificarlo senza che ce ne si accorga. Se ancoriamo il registro anche su una blockchain pubblica, la pagina dell’attestato lo indica e chiunque può verificare la registrazione lì, senza doversi fidare di noi.

Chiunque riceva l’attestato, per esempio un’università, un datore di lavoro o un ufficio pubblico, può controllarlo dalla pagina di verifica (/verify): carica il PDF e scopre se è valido o NON valido. Il codice QR stampato sull’attestato porta alla stessa pagina. Viene accettato solo il PDF originale, esattamente come lo abbiamo rilasciato: una stampa, una scansione o un file modificato non superano il controllo, e un attestato sostituito da una rettifica o revocato risulta non valido.`,
    },
  },
  {
    'en-US': {
      title: 'Can I appeal, or ask for a correction?',
      body: `Yes, within 7 days of the statement's release. Open the request and choose Appeal or amendment.

Choose Appeal if you disagree with the evaluation: explain why, and attach any document that supports your view. Choose Amendment if the statement contains a factual error, such as a misspelt name or a wrong date: say what is wrong and attach the proof.

We first decide whether to admit an appeal. If it is admitted, the qualification is evaluated again, and the outcome is a new statement, an amended one, or the confirmation of the original. Once the 7 days have passed, the statement is final.`,
    },
    'it-IT': {
      title: 'Posso presentare ricorso o chiedere una correzione?',
      body: `Sì, entro 7 giorni dal rilascio dell’attestato. Apri la richiesta e scegli Ricorso o rettifica.

Scegli Ricorso se non sei d’accordo con la valutazione: spiega il motivo e allega i documenti che sostengono la tua posizione. Scegli Rettifica se l’attestato contiene un errore materiale, come un nome scritto male o una data sbagliata: indica che cosa è sbagliato e allega la prova.

Per prima cosa decidiamo se ammettere il ricorso. Se viene ammesso, il titolo viene valutato di nuovo e l’esito è un nuovo attestato, un attestato rettificato oppure la conferma di quello originale. Trascorsi i 7 giorni, l’attestato è definitivo.`,
    },
  },
  {
    'en-US': {
      title: 'Can I get my original paper documents back?',
      body: `Yes. If you sent us original paper documents, we can return them by courier. On the Delivery page (/delivery), add to the cart the requests whose documents you want back, enter the shipping details and the billing information, and pay the fee of 30.00 € per shipment (24.59 € plus 5.41 € VAT at 22%). The waybill to track the parcel appears on the same page once it has been sent.

Return deliveries are suspended during the office closures announced on the portal.`,
    },
    'it-IT': {
      title: 'Posso riavere i documenti cartacei originali?',
      body: `Sì. Se ci hai spedito documenti cartacei originali, possiamo restituirteli tramite corriere. Nella pagina Restituzione (/delivery) aggiungi al carrello le richieste di cui vuoi riavere i documenti, inserisci i dati di spedizione e di fatturazione e paga 30,00 € a spedizione (24,59 € più 5,41 € di IVA al 22%). La lettera di vettura per seguire il pacco compare nella stessa pagina dopo la spedizione.

Le restituzioni sono sospese durante i periodi di chiusura dell’ufficio annunciati sul portale.`,
    },
  },
  {
    'en-US': {
      title: 'How are my personal data handled?',
      body: `We process your personal data only to evaluate your requests, issue statements and handle payments and return deliveries, in line with the EU General Data Protection Regulation (GDPR). Your documents are stored securely and are seen only by the staff who handle your request. The consent form you sign explains the processing in full.

The verification page reveals nothing about you: it only says whether an uploaded PDF matches a statement we issued. You can update your details on the Account page (/account) and delete your account from its settings; data that the law obliges us to keep, such as invoices, are kept for the period the law requires.`,
    },
    'it-IT': {
      title: 'Come vengono trattati i miei dati personali?',
      body: `Trattiamo i tuoi dati personali solo per valutare le tue richieste, rilasciare gli attestati e gestire pagamenti e restituzioni, nel rispetto del Regolamento generale sulla protezione dei dati (GDPR). I tuoi documenti sono conservati in modo sicuro e li vede solo il personale che segue la tua richiesta. Il modulo di consenso che firmi descrive il trattamento in dettaglio.

La pagina di verifica non rivela nulla di te: dice soltanto se il PDF caricato corrisponde a un attestato che abbiamo rilasciato. Puoi aggiornare i tuoi dati nella pagina Account (/account) ed eliminare l’account dalle impostazioni; i dati che la legge ci obbliga a conservare, come le fatture, vengono conservati per il tempo previsto dalla legge.`,
    },
  },
];
