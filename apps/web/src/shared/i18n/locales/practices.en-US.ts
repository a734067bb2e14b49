/**
 * My requests, a request's detail and the documents page, in English: with the logged-in area's
 * texts (area.en-US.ts), since no public page shows them (decision 079).
 */
export const practicesEn = {
  practices: {
    title: 'My requests',
    archiveTitle: 'Archive',
    new: 'New request',
    accountIncomplete: {
      title: 'Your account is not complete yet',
      missing: 'Still to fill in: {{fields}}.',
      link: 'Complete your account',
    },
    /** An empty list says what is missing in its own words, then what to do (not "No items found"). */
    none: 'You have no requests yet.',
    noneArchive: 'Your archive has no requests yet.',
    empty: 'Press “New request” to start one.',
    emptyArchive: 'A request comes here once nothing more happens to it: closed, or its statement issued.',
    caption_one: '{{title}}: page {{page}} of {{pages}}, {{count}} request in all',
    caption_other: '{{title}}: page {{page}} of {{pages}}, {{count}} requests in all',
    sortLabel: 'Sort by',
    sortAsc: '{{field}}, ascending',
    sortDesc: '{{field}}, descending',
    sortFields: {
      id: 'Number',
      name: 'Name',
      started_at: 'Started at',
      expected_deadline: 'Expected deadline',
      requested_at: 'Requested at',
      delivery_paid_at: 'Delivery payment date',
      sequence: 'Sequence',
      created_at: 'Created at',
    },
    columns: {
      number: 'Request',
      status: 'Status',
      service: 'Service',
      country: 'Country and level',
      createdAt: 'Created',
      requestedAt: 'Submitted',
      deadline: 'Expected deadline',
      daysToGo: 'Working days to go',
    },
    /** Beside a wide table's expected deadline when it is an open appeal's own (decision 108). */
    appealDeadlineNote: '(appeal or amendment)',
    /** A request's number in a table's first column, under "Request"; its link's name is `title`. */
    rowNumber: 'no. {{id}}',
    urgent: 'urgent',
    pagesLabel: 'Pages of requests',
    page: 'Page {{page}}',
    pageControls: { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' },
  },
  practice: {
    closure: {
      title: 'Why this request was closed',
      noReason: 'No reason was given.',
      refundPending:
        'Your payment of {{amount}} is being refunded to the card that paid, as asked on {{date}}.',
      refunded:
        'Your payment of {{amount}} was refunded to the card that paid on {{date}}: credit note {{number}}.',
      refundFailed: 'The refund of your payment of {{amount}} did not go through: we will write to you.',
      refundGivenBack: 'Your payment of {{amount}} was given back to you by hand on {{date}}.',
      receiptsLink: 'See it with your invoices and receipts',
    },
    title: 'Request no. {{id}}',
    /** An address that names no request of the applicant's (none, or another's). */
    notFound: {
      title: 'Request no. {{id}} not found',
      titleNoId: 'Request not found',
      body: 'It is not among your requests: check the link, or find the request in My requests.',
      back: 'Go to My requests',
    },
    continueDraft: 'Continue the request',
    // Opened to delivery and not yet paid: where to order it, under the status.
    deliveryOpen: 'The office can send your paper originals back to you, for a fee.',
    deliveryOrder: 'Order the return of your originals',
    /** A draft for the operator's own country, started before it stopped being offered (decision 113). */
    operatorCountry: {
      title: 'This draft cannot be sent',
      body: 'Its country of education system is {{country}}, the centre’s own. The centre evaluates qualifications of foreign education systems, so this draft cannot be paid for or submitted.',
      next: 'Start a new request choosing the country of the education system that awarded your qualification, and delete this draft: starting the new request deletes it, since only one draft can exist at a time.',
      startNew: 'Start a new request',
      seeDraft: 'See this draft',
    },
    deleteDraft: 'Delete the draft',
    deleteDraftTitle: 'Delete this draft?',
    draftDeleted: 'Draft deleted',
    requestTitle: 'Request',
    missingTitle: 'Required documents still missing',
    uploadLink: 'Upload them on the documents page',
    documentsCaption: 'Documents of request no. {{id}}',
    historyTitle: 'Status history',
    historyNone: 'No change of status yet.',
    reason: 'Reason: {{reason}}',
    nextWithdrawn:
      'Your statement has been withdrawn: it is no longer valid, and no appeal or amendment can be asked for.',
    nextPublishedWindowClosed:
      'Your statement is published. The {{days}} days to ask for an appeal or an amendment have ended.',
    next: {
      draft:
        'This request is a draft: complete the steps and submit it. Nothing is sent to the evaluators until then.',
      'in evaluation':
        'Our evaluators are examining your request. You do not need to do anything; we will write to you if we need more.',
      'cimea request':
        'We need something from you: read our question below and reply, attaching the documents asked for.',
      closed: 'This request is closed. No further action is planned on it.',
      published:
        'Your statement is published. You can ask for an appeal or an amendment within 7 days of its release.',
      'appeal in evaluation': 'Your appeal is being examined.',
      appeal_rejected: 'Your appeal was rejected: the published statement stays as it was.',
      appeal_issued: 'Your appeal was accepted and a new statement has been issued.',
      amend_issued: 'The amended statement has been issued.',
      appeal_refused: 'Your appeal was refused: it was not admitted.',
      // The same steps of an amendment (`statusWordingOf`).
      'amendment in evaluation': 'Your amendment request is being examined.',
      amendment_rejected: 'Your amendment was rejected: the published statement stays as it was.',
      amendment_refused: 'Your amendment was refused: it was not admitted.',
    },
  },
  practiceFacts: {
    number: 'Request number',
    status: 'Status',
    // Not "Service" again under the review's heading "Service": the spec's "type of request".
    service: 'Type of request',
    country: 'Country of education system',
    level: 'Level of education system',
    urgent: 'Urgent processing',
    price: 'Price',
    free: 'Free of charge',
    time: 'Expected time',
    createdAt: 'Created on',
    requestedAt: 'Submitted on',
    paidAt: 'Paid on',
    deliveryOpenedAt: 'Open to delivery since',
    delivery: 'Return delivery of the originals',
    deliveryNotOpen:
      'Not open yet: the office opens it once it holds your paper originals; an open appeal or amendment holds it until it is concluded.',
    deliveryPaidAt: 'Return delivery paid on',
    deliveredAt: 'Originals delivered on',
    /** A date still to come (the originals' delivery), where "Not given" would read as missing. */
    notYet: 'Not yet',
    deadline: 'Expected deadline',
    appealDeadline: 'Expected deadline of the appeal or amendment',
    daysToGo: 'Days to go',
    purpose: 'Purpose',
    purposeOther: 'Purpose described',
    institution: 'Italian institution of interest',
    programme: 'Programme',
    visa: 'For a visa application',
    representation: 'Italian diplomatic representation',
    qualification: 'Qualification',
    awardingInstitution: 'Institution',
    institutionCountry: 'Country of the institution',
    countryDiffers: 'Country differs from the education system',
    teaching: 'Teaching institution',
    awardingBody: 'Awarding body',
    language: 'Language of the programme',
    deliveryMode: 'Delivery mode',
    studiesType: 'Studies',
    credits: 'Credits',
    enrolledAt: 'Enrolled on',
    graduatedAt: 'Graduated on',
    issuedAt: 'Awarded on',
    diplomaType: 'Diploma type',
    awardingAccredited: 'Awarding institution accredited',
    teachingAccredited: 'Teaching institution accredited',
    /** An accreditation box the applicant left unticked: not stated, not "No" (it may well be accredited). */
    accreditationNotStated: 'Not stated',
    diplomaName: 'Name on the diploma',
  },
  documentsPage: {
    title: 'Documents',
    intro:
      'Your documents for each request, and the ones each request still needs for its country and level of education system. You can add, replace or delete documents while a request is a draft or while we are waiting for your reply.',
    practiceTitle: 'Request no. {{id}}: {{country}}, {{level}}',
    openRequest: 'Open request no. {{id}}',
    required: 'Required documents',
    missing: 'Still missing',
    getConsentForm: 'Get the consent form',
    complete: 'Every required document is uploaded.',
    tableCaption: 'Documents of request no. {{id}}',
    add: 'Add a document',
    locked: 'This request no longer accepts changes to its documents.',
    /** A published request with a document added since the release: Delete is offered for it. */
    lockedAddedDeletable:
      'The documents the statement was evaluated on stay as they are; a document added since its publication can still be deleted.',
    startRequest: 'Find a service and start a request',
    noDocuments: 'No documents uploaded yet.',
    unattachedTitle: 'Other documents',
    unattachedCaption: 'Documents not attached to a request',
    unattachedKept_one:
      'A document that belongs to no request is deleted {{count}} hour after its upload: staff never see it. Upload documents to the request they are for.',
    unattachedKept_other:
      'A document that belongs to no request is deleted {{count}} hours after its upload: staff never see it. Upload documents to the request they are for.',
  },
} as const;
