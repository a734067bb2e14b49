/** The terms and conditions of the two registration variants, in English. */
export const termsEn = {
  terms: {
    standard: {
      title: 'Terms and conditions',
      intro: 'These terms apply to your account and to the requests you submit through it.',
      sections: {
        service: {
          title: 'The service',
          body: 'Lisbon is the portal of a qualification evaluation centre. On request it issues statements on qualifications obtained abroad: correspondence or comparability with the Italian education system and, where possible, verification of the qualification. A statement is an expert opinion; the decision to recognise a qualification belongs to the institution or authority you present it to.',
        },
        account: {
          title: 'Your account',
          body: 'You must be at least 18 years old. Give true and complete details and keep them up to date; keep your password secret, as you answer for what is done with your account. One account per person.',
        },
        documents: {
          title: 'Documents',
          body: 'Upload only authentic documents. We may contact the institutions that issued them to verify them. A falsified document ends the request, and we may report it to the competent authorities.',
        },
        fees: {
          title: 'Fees and payment',
          body: 'The fee of each service is shown, VAT included, before you pay. A request is evaluated once it is paid. Once the evaluation has started, the fee is not refunded, except where the law provides otherwise.',
        },
        statements: {
          title: 'Statements, appeals and amendments',
          body: 'Statements are published in your area of the portal and can be checked by anyone on the verification page. You can ask for an appeal or an amendment within seven days after the statement is released.',
        },
        privacy: {
          title: 'Personal data',
          body: 'We process your personal data under the EU General Data Protection Regulation (Regulation 2016/679) only to provide the service, and keep it as long as it is needed or the law requires. You can see and correct your data on your account page, and delete your account there: your personal data is then erased, except invoices, which the law requires us to keep.',
        },
        changes: {
          title: 'Changes to these terms',
          body: 'We may update these terms. We tell you about significant changes by email or on the portal; a request is governed by the terms in force when you submitted it.',
        },
      },
    },
    refugee: {
      intro:
        'These terms apply to the free comparability service for holders of political asylum or subsidiary protection in Italy, and to the accounts registered for it.',
      sections: {
        who: {
          title: 'Who can use the service',
          body: 'Adults (at least 18 years old) who hold political asylum (refugee status) or subsidiary protection granted in Italy.',
        },
        service: {
          title: 'What the service covers',
          body: 'A statement of comparability of your qualification with the Italian education system, free of charge. Verification services are not offered under these terms. A statement is an expert opinion; the decision to recognise a qualification belongs to the institution or authority you present it to.',
        },
        proof: {
          title: 'Proof of your status',
          body: 'Upload your refugee status certificate, or the document that grants you subsidiary protection, with your request. We check it before the evaluation starts. If your status cannot be confirmed, the request is closed: change your category to standard in your account, and you may apply through the standard service.',
        },
        limit: {
          title: 'Number of requests',
          body: 'A refugee account can file up to two requests.',
        },
        documents: {
          title: 'Documents of your studies',
          body: 'Upload the documents of your studies you have. Upload only authentic documents: a falsified document ends the request, and we may report it to the competent authorities.',
        },
        paidServices: {
          title: 'Optional services',
          body: 'Optional services that have a fee, such as the return delivery of original paper documents, are charged at their normal fee, shown before you pay.',
        },
        account: {
          title: 'Your account',
          body: 'Give true and complete details and keep them up to date; keep your password secret, as you answer for what is done with your account. One account per person.',
        },
        privacy: {
          title: 'Personal data',
          body: 'We process your personal data under the EU General Data Protection Regulation (Regulation 2016/679) only to provide the service. Information about your protection status is used only to check that you can use this service and is never shared with the authorities of the country you left. You can delete your account from your account page: your personal data is then erased, except what the law requires us to keep.',
        },
        changes: {
          title: 'Changes to these terms',
          body: 'We may update these terms. We tell you about significant changes by email or on the portal; a request is governed by the terms in force when you submitted it.',
        },
      },
    },
  },
} as const;
