/** An upload's progress and the header's notifications, on public pages too, in English. */
export const requestsEn = {
  documentUpload: {
    type: 'Document type',
    additionalType: 'Which document is it?',
    additionalTypeHelp: 'For example “Certificate of internship”.',
    drop: 'Drop a file here',
    hint: 'PDF, JPEG or PNG, up to {{max}} MB.',
    orButton: 'You can also use the button below.',
    choose: 'Choose a file',
    sendAgain: 'Send “{{name}}” again',
    /** A file chosen before saying which document it is: kept until then (never dropped unseen). */
    waiting: '“{{name}}” is chosen but not attached yet: fill in the fields above, then send it.',
    sendWaiting: 'Send “{{name}}”',
    forget: 'Remove “{{name}}”',
    /** A form sending the documents attached (an appeal, a reply) while a file chosen is not. */
    notAttached: {
      undescribed:
        'Your document “{{name}}” is not attached yet: say which document it is and send it with its own Send button, or remove it.',
      sending: 'Your document “{{name}}” is still being sent: wait until it is attached, then send again.',
      unsent: 'Your document “{{name}}” is not attached yet: send it again, or remove it.',
    },
    progress: 'Upload progress',
    uploading: 'Uploading: {{percent}}%',
    added: 'Document added',
    updated: 'Document updated',
    deleted: 'Document deleted',
    download: 'Download',
    replace: 'Replace',
    delete: 'Delete',
    deleteTitle: 'Delete this document?',
    deleteMessage: '“{{name}}” will be deleted. This cannot be undone.',
    deleteConfirm: 'Delete the document',
    /** In place of replace and delete: a document the published statement was evaluated on (decision 026). */
    evaluated: 'Evaluated for the statement: kept as it is',
    /** Every upload error names its file (issue 14). */
    aboutFile: '“{{name}}”: {{message}}',
    columns: { type: 'Type', file: 'File', size: 'Size', added: 'Added on', actions: 'Actions' },
  },
  notifications: {
    awaiting_one: '{{count}} request awaits your reply',
    awaiting_other: '{{count}} requests await your reply',
    // After "My requests", in its name (the badges are only seen): "My requests, 2 requests await…".
    navAwaiting_one: ', {{count}} request awaits your reply',
    navAwaiting_other: ', {{count}} requests await your reply',
    navTotal_one: ', {{count}} request in all',
    navTotal_other: ', {{count}} requests in all',
  },
} as const;
