import type { LocalizedCmsContent } from './types';

/** Tips for identifying the country of education system, in display order. */
export const COUNTRY_TIPS: readonly LocalizedCmsContent[] = [
  {
    'en-US': {
      title: 'What "country of education system" means',
      body: `It is the country whose education system your qualification belongs to: the system under whose rules the qualification was awarded and accredited. It is not necessarily the country where you attended classes, and it has nothing to do with your nationality.

An Italian citizen who earned a degree from a French university holds a French qualification: the country of education system is France. A Brazilian citizen who finished secondary school in Argentina holds an Argentine qualification.

When in doubt, look at the diploma: which institution awards it, and under which country's law or accreditation is it issued? That country is the one to choose.`,
    },
    'it-IT': {
      title: 'Che cosa si intende per "Paese del sistema di istruzione"',
      body: `È il Paese al cui sistema di istruzione appartiene il tuo titolo, cioè il sistema secondo le cui regole il titolo è stato rilasciato e accreditato. Non coincide per forza con il Paese in cui hai frequentato le lezioni e non dipende dalla tua cittadinanza.

Un cittadino italiano che si è laureato in un’università francese possiede un titolo francese: il Paese del sistema di istruzione è la Francia. Una cittadina brasiliana che ha concluso la scuola secondaria in Argentina possiede un titolo argentino.

Se hai dubbi, guarda il diploma: quale istituzione lo rilascia e in base alla legge o all’accreditamento di quale Paese? È quello il Paese da scegliere.`,
    },
  },
  {
    'en-US': {
      title: 'Branch campuses and programmes delivered abroad',
      body: `Many universities teach outside their home country, through branch campuses, partner colleges or franchised programmes (transnational education). What counts is the system that awards the qualification, not the place where you studied.

If you studied at the Malaysian campus of a British university and received that university's UK degree, the country of education system is the United Kingdom. If instead the campus awards its own degree, accredited by the authorities of the host country, the country of education system is the host country.

In the qualification details, say that the teaching institution differs from the awarding body and give its name, country and city: this helps the evaluators check the programme.`,
    },
    'it-IT': {
      title: 'Sedi distaccate e corsi erogati all’estero',
      body: `Molte università insegnano fuori dal proprio Paese, attraverso sedi distaccate, istituti partner o corsi in franchising (la cosiddetta istruzione transnazionale). Conta il sistema che rilascia il titolo, non il luogo in cui hai studiato.

Se hai studiato nella sede malese di un’università britannica e hai ricevuto il titolo britannico di quell’università, il Paese del sistema di istruzione è il Regno Unito. Se invece la sede rilascia un proprio titolo, accreditato dalle autorità del Paese che la ospita, il Paese del sistema di istruzione è quest’ultimo.

Nei dati del titolo indica che l’istituzione in cui hai studiato è diversa da quella che rilascia il titolo e riportane nome, Paese e città: aiuta i valutatori a verificare il corso.`,
    },
  },
  {
    'en-US': {
      title: 'Online and distance learning',
      body: `For a programme followed online or at a distance, the country of education system is the one of the institution that awards the qualification, wherever you were while studying. A degree from a Spanish distance-learning university, followed from Italy, is a Spanish qualification.

In the qualification details, choose the delivery mode "distance learning" (or "blended" if part of the programme was in presence). Check that the awarding institution is officially recognised in its own country: a qualification from an unrecognised provider cannot be evaluated as part of that country's system.`,
    },
    'it-IT': {
      title: 'Corsi online e a distanza',
      body: `Per un corso seguito online o a distanza, il Paese del sistema di istruzione è quello dell’istituzione che rilascia il titolo, ovunque tu fossi mentre studiavi. Una laurea di un’università spagnola a distanza, seguita dall’Italia, è un titolo spagnolo.

Nei dati del titolo scegli la modalità di erogazione "a distanza" (oppure "mista" se una parte del corso si è svolta in presenza). Controlla che l’istituzione che rilascia il titolo sia ufficialmente riconosciuta nel proprio Paese: un titolo rilasciato da un ente non riconosciuto non può essere valutato come parte di quel sistema.`,
    },
  },
  {
    'en-US': {
      title: 'International schools, the IB and the European Baccalaureate',
      body: `Many international schools teach towards the national diploma of another country: an American high school diploma, British A levels, a French baccalauréat. In that case the country of education system is the country whose diploma you received, not the country where the school stands.

The International Baccalaureate (IB) Diploma and the European Baccalaureate belong to no national system: the first is awarded by the International Baccalaureate Organization, the second by the European Schools, an intergovernmental body. For these, choose the country where your school is located and write the exact name of the qualification ("IB Diploma", "European Baccalaureate"), so that the evaluators treat it as the international qualification it is.`,
    },
    'it-IT': {
      title: 'Scuole internazionali, IB e Baccalaureato europeo',
      body: `Molte scuole internazionali preparano al diploma nazionale di un altro Paese: un high school diploma statunitense, gli A level britannici, un baccalauréat francese. In questo caso il Paese del sistema di istruzione è quello che ha rilasciato il diploma, non quello in cui si trova la scuola.

Il Diploma dell’International Baccalaureate (IB) e il Baccalaureato europeo non appartengono a nessun sistema nazionale: il primo è rilasciato dall’International Baccalaureate Organization, il secondo dalle Scuole europee, un ente intergovernativo. In questi casi scegli il Paese in cui si trova la tua scuola e scrivi il nome esatto del titolo ("IB Diploma", "Baccalaureato europeo"), così i valutatori lo tratteranno come il titolo internazionale che è.`,
    },
  },
  {
    'en-US': {
      title: 'Qualifications from a state that no longer exists',
      body: `If your qualification was awarded in a state that no longer exists, such as the Soviet Union, Yugoslavia, Czechoslovakia or the German Democratic Republic, choose the present-day country where the awarding institution is located, or was located if it has since closed. That country's authorities now keep the records and can confirm the qualification.

For example, a degree awarded in 1985 by a university in Kyiv belongs to Ukraine, and one awarded in Zagreb in 1988 belongs to Croatia. In the qualification details, write the names of the institution and of the state exactly as they appear on your diploma.`,
    },
    'it-IT': {
      title: 'Titoli rilasciati da uno Stato che non esiste più',
      body: `Se il tuo titolo è stato rilasciato in uno Stato che non esiste più, come l’Unione Sovietica, la Jugoslavia, la Cecoslovacchia o la Repubblica Democratica Tedesca, scegli il Paese attuale in cui si trova l’istituzione che lo ha rilasciato, o in cui si trovava se nel frattempo ha chiuso. Sono le autorità di quel Paese a conservare oggi gli archivi e a poter confermare il titolo.

Per esempio, una laurea rilasciata nel 1985 da un’università di Kiev appartiene all’Ucraina, una rilasciata a Zagabria nel 1988 alla Croazia. Nei dati del titolo riporta i nomi dell’istituzione e dello Stato esattamente come compaiono sul diploma.`,
    },
  },
  {
    'en-US': {
      title: 'Qualifications recognised elsewhere, joint and double degrees',
      body: `A recognition obtained in another country does not change where your qualification comes from. A Brazilian degree recognised in Portugal is still a Brazilian qualification: choose Brazil, and add the Portuguese recognition among the additional documents if you have it.

A joint degree, awarded together by institutions of several countries, and a double degree, made of one diploma from each institution, belong to the system of the institution that awards the diploma you want evaluated. If you need both diplomas evaluated, submit one request for each.`,
    },
    'it-IT': {
      title: 'Titoli già riconosciuti altrove, titoli congiunti e doppi titoli',
      body: `Un riconoscimento ottenuto in un altro Paese non cambia la provenienza del tuo titolo. Una laurea brasiliana riconosciuta in Portogallo resta un titolo brasiliano: scegli il Brasile e, se ce l’hai, aggiungi il riconoscimento portoghese tra i documenti aggiuntivi.

Un titolo congiunto, rilasciato insieme da istituzioni di più Paesi, e un doppio titolo, composto da un diploma di ciascuna istituzione, appartengono al sistema dell’istituzione che rilascia il diploma che vuoi far valutare. Se vuoi far valutare entrambi i diplomi, presenta una richiesta per ciascuno.`,
    },
  },
];
