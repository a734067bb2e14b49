/** Notices across the portal, newsletter unsubscribe and the staff's maintenance page (issue 8). */
export const noticesEn = {
  notices: {
    heading: 'Notices',
    closureTitle: 'Offices closed from {{from}} to {{to}}',
    resumes: 'Service resumes on {{date}}.',
    maintenanceTitle: 'Maintenance is on',
    maintenanceBody:
      'Applicants and visitors see the maintenance page. Staff can keep working; an administrator switches it off on the Notices and maintenance page.',
    optOut: {
      working: 'Unsubscribing…',
      doneTitle: 'Unsubscribed',
      done: 'You have been unsubscribed from the newsletter: you will receive no more marketing emails. Messages about your requests still arrive.',
      failed: 'Something went wrong while unsubscribing. Please try again later.',
      home: 'Go to the home page',
    },
    staff: {
      title: 'Notices and maintenance',
      maintenanceHeading: 'Maintenance',
      switchLabel: 'Maintenance mode',
      switchHelp:
        'While on, applicants and visitors see the maintenance page; staff can still log in and work.',
      adminsOnly: 'Only administrators can switch maintenance.',
      configured:
        'Maintenance is set by the server configuration (MAINTENANCE_MODE), which wins over this switch.',
      switchedOn: 'Maintenance switched on',
      switchedOff: 'Maintenance switched off',
      changesCaption: 'Latest changes',
      when: 'When',
      who: 'Who',
      what: 'Change',
      turnedOn: 'Switched on',
      turnedOff: 'Switched off',
      closuresHeading: 'Closure periods',
      period: 'Closed',
      resumesOn: 'Service resumes',
      announceFrom: 'Notice shown from',
      notice: 'Notice',
    },
  },
};
