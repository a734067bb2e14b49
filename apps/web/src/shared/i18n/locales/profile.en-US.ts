/** My study path, the consent page and the language offered after a login, in English. */
export const profileEn = {
  study: {
    title: 'My study path',
    none: 'You have saved no qualifications yet.',
    intro:
      'The qualifications you have obtained. Saving them here lets you fill in the qualification step of a request in one click.',
    add: 'Add a qualification',
    addTitle: 'Add a qualification',
    editTitle: 'Change a qualification',
    edit: 'Change',
    delete: 'Delete',
    deleteTitle: 'Delete this qualification?',
    deleteMessage: '“{{name}}” will be removed from your study path. Requests already made are not affected.',
    save: 'Save',
    updated: 'Educational history updated',
    fields: {
      qualification: 'Name of the qualification',
      level: 'Level',
      institution: 'Institution',
      country: 'Country of the institution',
      city: 'City',
      programme: 'Study programme',
      enrolledAt: 'Enrolment date',
      graduatedAt: 'Graduation date',
    },
  },
  consent: {
    title: 'Consent',
    textTitle: 'What you consent to',
    p1: 'To evaluate your qualification we need to process your personal data and the data in the documents you upload, under the EU General Data Protection Regulation (Regulation (EU) 2016/679).',
    p2: 'By signing the consent form you allow the evaluation body to use these data only to:',
    purposeAssess: 'assess your request and the documents you send;',
    purposeVerify:
      'check your qualification with the institutions that awarded it, when the service includes verification;',
    purposeIssue:
      'issue your statement and record its fingerprint on the ledger, so anyone can check it is genuine.',
    p3: 'You can withdraw your consent at any time, see, correct or erase your data, and complain to the data protection authority. Withdrawing does not undo processing already carried out.',
    downloadTitle: 'Download the consent form',
    downloadIntro:
      'The form is generated with your name, in the language of your account. Print it, sign it and upload it below.',
    download: 'Download the consent form (PDF)',
    fileName: 'consent-form.pdf',
    uploadTitle: 'Upload the signed form',
    uploadToDraft: 'The signed form is attached to your draft request no. {{id}}.',
    uploadToAccount:
      'You have no draft request: a form uploaded now belongs to no request and is deleted after a while (the Documents page says when). Start a request first, then upload the form to it.',
  },
  languageOffer: {
    title: 'Your preferred language',
    text: 'Before logging in you chose {{chosen}} on this device. Your account’s preferred language is {{saved}}, so the portal now speaks {{saved}}.',
    save: 'Save {{chosen}} as my preferred language',
    keep: 'Keep {{saved}}',
  },
} as const;
