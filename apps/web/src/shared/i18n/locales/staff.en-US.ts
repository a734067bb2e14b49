import { ACTION_NAMES_EN, CERTIFICATE_LABELS_EN, STATUS_NAMES_EN } from '@lisbon/domain';

/** The staff workspace (queues, assignment, the request workspace) and a request's thread, in English. */
export const staffEn = {
  staff: {
    /** Said on the account page, where staff without a second factor are sent to turn it on. */
    twoFactorFirst: 'Turn on two-factor authentication on this page to use the staff area.',
    queueTitles: {
      assigned: 'Assigned to me',
      to_review: 'To review',
      unassigned: 'To assign or admit',
      ready_for_issue: 'Ready for issue',
      archive: 'Archive secretary',
      all: 'All requests',
    },
    queue: {
      caption_one: '{{title}}: page {{page}} of {{pages}}, {{count}} request in all',
      caption_other: '{{title}}: page {{page}} of {{pages}}, {{count}} requests in all',
      captionCapped:
        '{{title}}: page {{page}} of more than {{pages}}, more than {{total}} requests: narrow the filters',
      /** After the caption's total, what it holds: the first requests, the appeals and the amendments apart. */
      kinds: '{{caption}} (first requests: {{first}}; appeals: {{appeals}}; amendments: {{amendments}})',
      // After a navigation link's name, as a screen reader says it: "Assigned to me, 2 requests".
      navCount_one: ', {{count}} request',
      navCount_other: ', {{count}} requests',
      // Of a queue holding appeals or amendments: "Assigned to me, 12 requests, of which 3 appeals and 1 amendment".
      navCountOf_one: ', {{count}} request, of which {{kinds}}',
      navCountOf_other: ', {{count}} requests, of which {{kinds}}',
      navAppeals_one: '{{count}} appeal',
      navAppeals_other: '{{count}} appeals',
      navAmendments_one: '{{count}} amendment',
      navAmendments_other: '{{count}} amendments',
      navAnd: '{{first}} and {{second}}',
      selectAll: 'Select every request on this page that can be assigned',
      selectAllShort: 'Select all',
      selectRow: 'Select request no. {{id}}',
      assignSelected: 'Assign selected ({{count}})',
      publishedByAdmin:
        'An administrator publishes the statements of these requests: you can follow them here.',
      /** An empty queue says what is missing in its own words (not "No items found"). */
      none: {
        assigned: 'No request is assigned to you.',
        to_review: 'No request is waiting for your review.',
        unassigned: 'No request is waiting to be assigned or admitted.',
        ready_for_issue: 'No request is ready for issue.',
        archive: 'The secretary’s archive holds no requests yet.',
        all: 'No request has been submitted yet.',
      },
      noneFiltered: 'No request in “{{title}}” matches these filters.',
      emptyFiltered: 'Clear the filters to see the whole list.',
    },
    filters: {
      title: 'Filters',
      status: 'Status',
      country: 'Country of education system',
      service: 'Service',
      urgency: 'Urgency',
      urgent: 'Urgent only',
      notUrgent: 'Not urgent',
      deadline: 'Expected deadline on or before',
      assignee: 'Assignee',
      any: 'Any',
      clear: 'Clear filters',
      toggle: 'Filters',
      toggleActive_one: 'Filters ({{count}} active)',
      toggleActive_other: 'Filters ({{count}} active)',
    },
    columns: {
      number: 'Request',
      applicant: 'Applicant and qualification',
      status: 'Status',
      service: 'Service',
      country: 'Country and level',
      deadline: 'Expected deadline',
      assignee: 'Assignee',
      reviewer: 'Reviewer',
    },
    answered: {
      badge: 'The applicant answered',
      readReply: 'Read the reply',
    },
    people: {
      assignee: 'Credential Evaluator (assignee)',
      reviewer: 'Reviewer',
      none: 'Not assigned',
    },
    assign: {
      title_one: 'Assign the request',
      title_other: 'Assign requests',
      intro_one: 'Request {{ids}} goes to the evaluator and the reviewer you choose.',
      intro_other: 'Requests {{ids}} go to the evaluator and the reviewer you choose.',
      choose: 'Choose…',
      open: 'Assign',
      submit: 'Assign',
      change: 'Change the assignment',
      reassignIntro:
        'Request {{id}} is already being worked on: the evaluator and the reviewer you choose take it over as it is, and the former ones can no longer act on it.',
    },
    status: STATUS_NAMES_EN,
    actions: {
      changedMeanwhile:
        'Someone else changed this request in the meantime: it now shows as it is. Check it, then choose the move again.',
      adminAdmits: 'An administrator admits or refuses the appeal or amendment asked for.',
      adminPublishes:
        'Once the request is ready for issue, an administrator publishes the statement: only administrators may.',
      adminIssues: 'Only an administrator publishes the statement of this request: ask one to publish it.',
      closeWithoutStatement: 'Closing it would end the request without a statement.',
      adminIssuesAppeal:
        'Only an administrator issues the statement of this appeal or amendment, or rejects it: ask one to do so.',
      title: 'Actions',
      none: 'There is nothing for you to do on this request now.',
      waitsForAssignment:
        'Nobody is assigned to this request yet. Once it is assigned to you, it shows in your queue “Assigned to me” and your moves appear here.',
      waitsForReviewer:
        'This request is with its reviewer now: you have no move to make until they conclude the review or send it back to evaluation.',
      fileCheckOpen:
        'The file check of this request is not concluded. Sending it in review does not need it, but check first that the file is complete and readable, and conclude the check under “{{part}}”.',
      fileCheckOpenReview:
        'Its evaluator has not concluded the file check of this request: concluding the review does not need it, but nobody has recorded the file as complete and readable.',
      noneButBelow:
        'No move of this request is yours now: its return delivery or its payments, further down, are.',
      publishing: 'While its statement is being published, nothing else can be done on this request.',
      waitsForApplicant:
        'This request is waiting for the applicant to answer the question sent to them: you have no move to make until they reply, and their reply brings it back to evaluation.',
      waitsForApplicantClose:
        'This request is waiting for the applicant to answer the question sent to them, and their reply brings it back to evaluation. Until then the only move is to close it, which ends the request.',
      waitsForApplicantNote:
        'This request is waiting for the applicant to answer the question sent to them: you have no move to make until they reply, and their reply brings it back to evaluation. Meanwhile you can add internal notes.',
      waitsForApplicantEvaluate:
        'This request is waiting for the applicant to answer the question sent to them: you have no move to make until they reply, and their reply brings it back to evaluation. Meanwhile you can go on with the file check, the verification and the assessment, and add internal notes.',
      confirm: 'The request moves from “{{from}}” to “{{to}}”.',
      effects: {
        publish:
          'The statement is signed in the body’s name, recorded on the ledger and mailed to the applicant. This cannot be undone: a published statement can only be withdrawn, or changed through an appeal or amendment.',
        issue_appeal:
          'A statement of appeal is issued and attached to the original: the statement already published stays valid. The applicant is mailed. This cannot be undone.',
        issue_amendment:
          'An amended statement replaces the original: the statement already published will check NOT valid, superseded by the amendment. The applicant is mailed. This cannot be undone.',
        reject_appeal:
          'The statement already published stays valid and unchanged. The applicant is mailed the reason. This cannot be undone.',
      },
      message: 'Message to the applicant',
      messageHelp: 'The applicant reads it on their request and receives it by mail.',
      requestedDocuments: 'Documents to ask for (optional)',
      reason: 'Reason',
      note: 'Internal note (optional)',
      applicantReason: 'Reason given to the applicant',
      applicantReasonHelp: 'The applicant reads it on their request and receives it by mail.',
      noteHelp: 'Kept in the history of the request for staff only; the applicant never sees it.',
      names: ACTION_NAMES_EN,
      /** The appeal's moves on an amendment. */
      amendmentNames: {
        request_appeal: 'Request an amendment',
        admit_appeal: 'Admit the amendment',
        refuse_appeal: 'Refuse the amendment',
        reject_appeal: 'Reject the amendment',
      },
    },
    applicant: {
      title: 'Applicant',
      // Before the status's label as the applicant reads it, beside the staff's name of the status.
      seesLabel: 'Shown to the applicant:',
      name: 'Name',
      email: 'Email',
      category: 'Category',
      categories: { standard: 'Standard', refugee: 'Refugee' },
      birthDate: 'Date of birth',
      birthPlace: 'Place of birth',
      nationality: 'Nationality',
      document: 'Identity document number',
      phone: 'Phone',
      residence: 'Country of residence',
      deleted: 'The applicant deleted their account.',
    },
    documents: {
      preview: 'Show',
      previewOf: 'Preview of {{name}}',
      none: 'This request has no documents.',
      pdfNote:
        'Images can be shown on this page. PDFs are downloaded, to open in your PDF reader: the portal never opens an uploaded PDF itself, so no script in one can run here.',
    },
    delivery: {
      title: 'Return delivery',
      notOpened: 'The originals are not open to delivery.',
      opened: 'Open to delivery since {{date}}.',
      paid: 'Shipment paid on {{date}}.',
      delivered: 'Delivered on {{date}}.',
      open: 'Open to delivery',
      setDelivered: 'Set as delivered',
      shipment: 'Shipment no. {{id}}',
      recipient: 'Send to',
      phone: 'Phone {{phone}}',
      waybill: 'Waybill {{number}}',
      downloadWaybill: 'Download the waybill (PDF)',
      confirmOpen:
        'The applicant is told by mail now that they can order the return of their paper originals and pay for the shipment. This cannot be undone.',
      confirmDelivered:
        'Only once the originals have reached the applicant: they are told by mail now that their documents have been delivered to the address they gave. This cannot be undone.',
    },
    payments: {
      title: 'Payments',
      caption: 'Payments for this request and its return delivery',
      none: 'Nothing was paid for this request.',
      columns: { for: 'For', amount: 'Amount', provider: 'Paid through', refund: 'Refund' },
      request: 'The request',
      delivery: 'Return delivery no. {{id}}',
      paidOn: 'Paid on {{date}}',
      reference: 'Transaction {{reference}}',
      closeToRefund: 'To refund, close the request first',
      notRefunded: 'Not refunded',
      refundPending: 'Asked on {{date}}: waiting for the provider',
      refunded: 'Refunded on {{date}}, credit note {{number}}',
      refundFailed: 'The provider refused the refund: see its dashboard',
      refundGivenBack: 'Refused by the provider; given back by hand on {{date}}',
      providerSaid: 'What the provider said: {{answer}}',
    },
    refund: {
      final:
        'The money goes back to the card that paid; this cannot be undone. The credit note and the applicant’s mail follow once the provider confirms.',
      keep: 'Do not refund',
      payment: {
        open: 'Refund the payment',
        title: 'Refund the payment',
        confirm:
          'This request was closed before its evaluation started. Refund the whole {{amount}} to the applicant?',
        submit: 'Refund {{amount}}',
      },
      delivery: {
        open: 'Cancel the delivery and refund the fee',
        title: 'Cancel the delivery',
        confirm:
          'Cancel the return delivery of this shipment, before any of its originals is delivered, and refund its fee of {{amount}}? Its requests may be ordered again.',
        submit: 'Cancel and refund {{amount}}',
      },
    },
    fileCheck: {
      title: 'File check',
      done: 'Concluded on {{date}} by {{name}}.',
      notDone: 'The file check is not concluded yet.',
      notes: 'Notes on the file (optional)',
      submit: 'Conclude the file check',
      confirmTitle: 'Conclude the file check?',
      confirm:
        'The file is recorded as complete and readable, with your name and these notes. The conclusion cannot be changed afterwards.',
    },
    verification: {
      saved: 'Saved outcome: {{outcome}}',
      title: 'Verification',
      outcome: 'Outcome',
      outcomes: {
        pending: 'Pending',
        verified: 'Verified with the issuer',
        not_verified: 'Not verified',
        not_possible: 'Verification not possible',
      },
      notes: 'Notes (optional)',
      submit: 'Save the verification',
      none: 'No verification recorded yet.',
    },
    assessment: {
      title: 'Assessment',
      intro: 'The certificate fields the statement will print. Save as often as you like.',
      neededForReview: 'Needed to send in review',
      submit: 'Save the assessment',
      missing: 'To send the request in review, complete the assessment: {{fields}}.',
      unsaved:
        'To send the request in review, save the assessment: the values filled in from the request are not saved yet.',
      invalid: 'To send the request in review, correct the assessment: {{fields}}.',
      invalidField: '{{field}} ({{message}})',
      // The certificate's own labels: the fields are those the statement prints.
      fields: CERTIFICATE_LABELS_EN,
    },
    notes: {
      title: 'Internal notes',
      hint: 'Only staff read these notes.',
      none: 'No internal note has been added to this request yet.',
      text: 'New note',
      submit: 'Add the note',
    },
    history: {
      title: 'History',
      move: '{{from}} → {{to}}',
      system: 'the system',
      note: 'Note: {{note}}',
      reason: 'Reason given to the applicant: {{reason}}',
      documentReplaced: '{{document}}: “{{file}}” replaced by “{{replacement}}”',
      documentDeleted: '{{document}}: “{{file}}”',
      actions: {
        create: 'Draft created',
        submit: 'Submitted',
        assign: 'Assigned',
        start: 'Evaluation started',
        ask_applicant: 'Applicant asked',
        reply: 'Applicant replied',
        send_in_review: 'Sent in review',
        conclude_review: 'Review concluded',
        send_back: 'Sent back to evaluation',
        mark_ready_for_issue: 'Marked ready for issue',
        publish: 'Published',
        close: 'Closed',
        request_appeal: 'Appeal requested',
        admit_appeal: 'Appeal admitted',
        refuse_appeal: 'Appeal refused',
        issue_appeal: 'Appeal statement issued',
        issue_amendment: 'Amended statement issued',
        reject_appeal: 'Appeal rejected',
        file_check: 'File check concluded',
        verification: 'Verification updated',
        assessment: 'Assessment updated',
        note: 'Note added',
        open_to_delivery: 'Open to delivery',
        set_delivered: 'Set as delivered',
        reassign: 'Evaluator or reviewer changed',
        refund_payment: 'Refund of the payment asked for',
        cancel_delivery: 'Delivery cancelled, refund of the fee asked for',
        refund_issued: 'Refund confirmed by the provider, credit note issued',
        refund_given_back_by_hand: 'Refund refused by the provider, given back by hand',
        document_replaced: 'Document replaced by the applicant',
        document_deleted: 'Document deleted by the applicant',
      },
      /** The appeal's moves on an amendment. */
      amendmentActions: {
        request_appeal: 'Amendment requested',
        admit_appeal: 'Amendment admitted',
        refuse_appeal: 'Amendment refused',
        reject_appeal: 'Amendment rejected',
      },
    },
    updated: 'Last updated on {{date}} by {{name}}.',
  },
  thread: {
    title: 'Messages',
    empty: 'No messages yet.',
    you: 'You',
    applicant: 'Applicant',
    messageOf: 'Message from {{author}}',
    yourMessage: 'Your message',
    requested: 'Documents asked for',
    attached: 'Documents attached',
  },
  reply: {
    questionTitle: 'We need something from you',
    askedOn: 'Asked on {{date}}',
    requested: 'Documents we ask for',
    title: 'Your reply',
    message: 'Your message',
    attachTitle: 'Attach documents (optional)',
    attachRequestedTitle: 'Attach the documents we ask for',
    missingDocuments: 'Attach the documents we ask for before sending: {{names}}.',
    attached: 'Attached to your reply',
    remove: 'Remove {{name}}',
    submit: 'Send the reply',
  },
} as const;
