/** Service discovery (home and /service), in English. */
export const discoveryEn = {
  discovery: {
    limit: {
      title: 'Limit reached',
      body: 'A refugee account can file up to {{limit}} requests, and yours has filed {{limit}}: no new request can be created. You can follow them under My requests.',
      link: 'Go to My requests',
    },
    pageTitle: 'Find your service',
    intro:
      'Choose the country of the education system that awarded your qualification and its level: you will see the service that applies, its price, the time it takes and the documents it needs.',
    country: 'Country of education system',
    countryHelp: 'The country whose education system awarded the qualification. Type at least 2 characters.',
    level: 'Level of education system',
    tipsLink: 'Not sure which country? Read the tips for identifying the country of education system',
    resultTitle: 'The service for your qualification',
    choose: 'Choose a country and a level to see the service that applies.',
    about: {
      correspondence_verification:
        'A statement saying which Italian qualification yours corresponds to, under the Lisbon Recognition Convention, and a check with the institution that your qualification is authentic.',
      comparability_verification:
        'A statement comparing your qualification with the Italian education system, and a check with the institution that your qualification is authentic.',
      comparability:
        'A statement comparing your qualification with the Italian education system. Verification with the awarding institution is not possible for this country.',
      refugee_comparability:
        'A free statement comparing your qualification with the Italian education system, for holders of political asylum or subsidiary protection in Italy.',
    },
    price: 'Price',
    priceLine: '{{total}} VAT included ({{net}} plus {{vat}} VAT)',
    free: 'Free of charge',
    time: 'Expected time',
    timeLine: '{{days}} working days: submitted today, expected by {{date}}',
    urgent: 'Urgent processing',
    urgentLine: '{{days}} working days, for',
    documents: 'Documents you will need',
    lisbonState: '{{country}}: a country that has signed the Lisbon Recognition Convention.',
    demoPrices:
      'The prices shown are demonstration values: the real prices will be published before the service opens.',
    refugeeTitle: 'Do you hold asylum or subsidiary protection in Italy?',
    refugeeBody:
      'Refugees can have the comparability of their qualification assessed for free, subject to proof of their status. Verification is not included. Register with a refugee account to use it.',
    refugeeDocuments: 'Documents for the free service: {{documents}}.',
    noServiceBody:
      'We cannot evaluate qualifications of this level from {{country}} at present. Check the country of your education system with the tips, or <contact>contact us</contact>.',
    start: 'Start a request',
    /** In the start button's place, on My requests too (`RequestLimitReached`). */
    limitReached:
      'Limit reached: a refugee account can file up to {{limit}} requests, and yours has filed them, so no new request can be started.',
    loginFirst: 'You will be asked to log in or register first.',
  },
} as const;
