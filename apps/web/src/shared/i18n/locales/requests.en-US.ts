/** An upload's progress and the header's notifications, on public pages too, in English. */
export const requestsEn = {
  documentUpload: {
    type: 'Document type',
    additionalType: 'Which document is it?',
    additionalTypeHelp: 'For example "Certificate of internship".',
    drop: 'Drop a file here',
    hint: 'PDF, JPEG or PNG, up to {{max}} MB. You can also use the button below.',
    choose: 'Choose a file',
    sendAgain: 'Send “{{name}}” again',
    progress: 'Upload progress',
    uploading: 'Uploading: {{percent}}%',
    added: 'Document added',
    updated: 'Document updated',
    deleted: 'Document deleted',
    download: 'Download',
    replace: 'Replace',
    delete: 'Delete',
    deleteTitle: 'Delete this document?',
    deleteMessage: '"{{name}}" will be deleted. This cannot be undone.',
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
    total_one: '{{count}} request in all',
    total_other: '{{count}} requests in all',
  },
} as const;
