/** Staff operations (issue #18): search, deadlines, the dashboard, the workspace's parts, work on several requests; in English. */
export const operationsEn = {
  operations: {
    search: {
      region: 'Find a request',
      label: 'Find a request',
      // Short enough for the box on a 375 px phone (Italian too): every field the search reads is in the hint.
      placeholder: 'Number, name or email',
      hint: 'A request’s number, or from 2 characters of a name, email, tax ID, qualification, institution or country.',
      shortcut: 'Press / on any staff page to come back here.',
      searching: 'Searching…',
      results_one: '{{count}} request found: arrow keys to choose, Enter to open',
      results_other: '{{count}} requests found: arrow keys to choose, Enter to open',
      none: 'No request matches “{{query}}”.',
      byNumber: 'Request number',
    },
    deadline: {
      flags: { late: 'Late', at_risk: 'At risk', on_time: 'On time' },
      late_one: 'late by {{count}} working day',
      late_other: 'late by {{count}} working days',
      left_one: '{{count}} working day left',
      left_other: '{{count}} working days left',
      /** Under the label "Days to go": the days counted, not said to be left again. */
      count_one: '{{count}} working day',
      count_other: '{{count}} working days',
      dueToday: 'due today',
      filter: 'Against the deadline',
    },
    dashboard: {
      title: 'Dashboard',
      intro:
        'The backlog and the deadlines as they stand now; publications, time to publish, the work of each person and appeals over the period you choose, counted from the audit trail.',
      period: {
        legend: 'Period of the figures',
        from: 'From',
        to: 'To',
        weeks_one: 'Last week',
        weeks_other: 'Last {{count}} weeks',
        shown: 'Figures from {{from}} to {{to}}.',
        invalid: {
          dateNotBeforeStart:
            'This period is not valid: the From date comes after the To date. The figures below are still those of the last valid period.',
          invalidValue:
            'This period is not valid: it can be at most two years long, between 1900 and 2999. The figures below are still those of the last valid period.',
        },
      },
      csv: 'Download the table (CSV)',
      csvOf: 'Download the table (CSV): {{title}}',
      /** Each table's CSV file, named without its extension. */
      files: {
        lateOrAtRisk: 'requests-late-or-at-risk',
        againstTheDeadline: 'against-the-deadline',
        backlogByStatus: 'backlog-by-status',
        publishedPerWeek: 'published-per-week',
        timeToPublication: 'time-to-publication',
        workloadAndOutput: 'workload-and-output',
        appealsAndAmendments: 'appeals-and-amendments',
        refundsRefused: 'refunds-refused',
        returnDeliveriesWaiting: 'return-deliveries-waiting',
      },
      chartNote: 'Chart of the table below, which holds the same figures.',
      total: 'Total',
      backlog: {
        title: 'Backlog by status',
        status: 'Status',
        count: 'Requests',
        appeals: 'Of these, first requests: {{first}}; appeals: {{appeals}}; amendments: {{amendments}}.',
      },
      ageing: {
        title: 'Open requests against their deadline',
        flag: 'Deadline',
        count: 'Requests',
        noDeadline: 'No deadline',
      },
      urgent: {
        title: 'Requests that will miss their deadline',
        intro_one:
          'Late, or at risk ({{count}} working day or fewer left, closures and holidays excluded), nearest deadline first.',
        intro_other:
          'Late, or at risk ({{count}} working days or fewer left, closures and holidays excluded), nearest deadline first.',
        none: 'No request is late or at risk.',
        request: 'Request',
        applicant: 'Applicant',
        status: 'Status',
        deadline: 'Expected deadline',
        left: 'Working days',
        assignee: 'Evaluator',
      },
      published: { title: 'Statements published per week', week: 'Week of', count: 'Published' },
      time: {
        title: 'Working days from submission to publication',
        service: 'Service',
        published: 'Statements published',
        median: 'Median working days',
        all: 'All services',
      },
      people: {
        title: 'Workload and output per evaluator and reviewer',
        person: 'Member of staff',
        evaluating: 'Evaluating now',
        reviewing: 'To review now',
        sent: 'Sent in review',
        concluded: 'Reviews concluded',
        published: 'Statements published',
      },
      appeals: {
        title: 'Appeals and amendments',
        figure: 'Figure',
        value: 'Number',
        share: 'Share of statements',
        statements: 'Statements published',
        appeals: 'Appeals asked for',
        amendments: 'Amendments asked for',
      },
      deliveries: {
        title: 'Return deliveries paid, not yet delivered',
        count_one: '{{count}} request paid for and not yet sent.',
        count_other: '{{count}} requests paid for and not yet sent.',
        request: 'Request',
        applicant: 'Applicant',
        paidAt: 'Paid on',
        waybill: 'Waybill',
      },
      refunds: {
        title: 'Refunds the provider refused',
        count_one:
          '{{count}} refund refused by the payment provider, which the portal will not ask again: give it back by hand in the provider’s dashboard, under the payment’s reference, then mark it as given back by hand.',
        count_other:
          '{{count}} refunds refused by the payment provider, which the portal will not ask again: give each back by hand in the provider’s dashboard, under the payment’s reference, then mark it as given back by hand.',
        none: 'No refund was refused.',
        payment: 'Payment',
        paymentOf: '{{provider}}, transaction {{reference}}',
        amount: 'Amount',
        reason: 'Refunded because',
        reasons: {
          closed_before_evaluation: 'Request closed before its evaluation',
          delivery_cancelled: 'Return delivery cancelled',
          not_submitted: 'Paid for a request it could not submit',
        },
        request: 'Request',
        noRequest: 'None staff can open (deleted, or never submitted)',
        refusedOn: 'Refused on',
        answer: 'What the provider said',
        givenBack: 'Given back by hand',
        mark: 'Mark as given back by hand',
        markLabel: 'Mark as given back by hand: {{amount}}, {{payment}}',
        markTitle: 'Given back by hand?',
        markConfirm:
          'Mark the refund of {{amount}} ({{payment}}) as given back by hand in the provider’s dashboard? It leaves this list, and the request’s payments show it as given back by hand.',
        markBooks:
          'The portal issues no credit note for it: the accountant does, as for every refund made in the provider’s dashboard.',
        markKeep: 'Not yet',
        marked: 'Refund of {{amount}} marked as given back by hand.',
      },
    },
    workspace: {
      partsLabel: 'Parts of the request',
      parts: {
        request: 'Request and applicant',
        documents: 'Documents',
        checks: 'File check and verification',
        assessment: 'Assessment',
        thread: 'Messages',
        notes: 'Notes',
        history: 'History',
      },
      prefilled: 'Taken from the request: check it.',
      sentBack: 'Sent back to evaluation by {{name}}: {{note}}',
      record: {
        intro:
          'Everything that happened to this request, oldest first: moves, notes, messages and documents.',
        kinds: {
          move: 'Move',
          note: 'Internal note',
          staffMessage: 'Message from the office',
          applicantMessage: 'Message from the applicant',
          document: 'Document uploaded',
        },
        byApplicant: 'the applicant',
        showOlder: 'Show older entries',
        none: 'Nothing has been recorded for this request yet.',
      },
    },
    bulk: {
      selectAll: 'Select every request on this page',
      message_one: 'Message the applicant ({{count}})',
      message_other: 'Message the applicants ({{count}})',
      dialogTitle: 'A message to the applicants',
      intro_one:
        'The applicant of request {{ids}} reads it in the request’s messages and receives it by mail, in their language. It asks nothing of them: to ask a question, open the request.',
      intro_other:
        'The applicants of requests {{ids}} read it in their request’s messages and receive it by mail, in their language. It asks nothing of them: to ask a question, open the request.',
      label: 'Message',
      submit: 'Send',
    },
  },
};
