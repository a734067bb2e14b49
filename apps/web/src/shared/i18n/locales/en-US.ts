import { SPA_ERRORS_EN, VALIDATION_EN } from '@lisbon/domain';
import type { areaEn } from './area.en-US';
import type { authEn } from './auth.en-US';
import type { termsEn } from './terms.en-US';
import type { discoveryEn } from './discovery.en-US';
import { labelsEn } from './labels.en-US';
import { requestsEn } from './requests.en-US';
import { sharedEn } from './shared.en-US';
import { noticesEn } from './notices.en-US';
import { verifyEn } from './verify.en-US';
import type { ledgerEn } from './ledger.en-US';
import { contactEn } from './contact.en-US';
import type { anchorEn } from './anchor.en-US';

/**
 * The English catalogue, the reference for every other language. Wording quoted by the spec
 * (§8 messages, navigation labels of §2) is kept word for word.
 */
export const enUS = {
  app: {
    name: 'Lisbon',
    homeLink: 'Lisbon, home page',
    skipToContent: 'Skip to main content',
    loading: 'Loading…',
    // The first load's heading, heard only (app/routes.tsx): the page's own comes with it.
    loadingTitle: 'Loading the page',
    footer: 'Lisbon is an open-source portal for the recognition of foreign qualifications.',
  },
  language: {
    label: 'Language',
    names: { 'en-US': 'English', 'it-IT': 'Italiano' },
  },
  nav: {
    publicLabel: 'Main navigation',
    appLabel: 'Your area',
    footerLabel: 'Useful links',
    openMenu: 'Open navigation',
    home: 'Home',
    faq: 'FAQ',
    contact: 'Contact us',
    verify: 'Check a statement',
    login: 'Log in',
    register: 'Register',
    account: 'Account',
    service: 'Service',
    requests: 'Requests',
    documents: 'Documents',
    study: 'Study',
    terms: 'Terms',
    consent: 'Consent',
    delivery: 'Delivery',
    myRequests: 'My requests',
    archive: 'Archive',
    profile: 'Profile',
    help: 'Help',
    logout: 'Logout',
    staff: 'Staff workspace',
    // The queue's one name, in the menu as on its page and in the workspace's hints.
    staffAssigned: 'Assigned to me',
    staffToReview: 'To review',
    staffUnassigned: 'To assign or admit',
    staffReadyForIssue: 'Ready for issue',
    staffArchive: 'Archive secretary',
    staffAll: 'All requests',
    staffNotices: 'Notices and maintenance',
    staffDashboard: 'Dashboard',
  },
  common: {
    backHome: 'Back to the home page',
    close: 'Close',
    cancel: 'Cancel',
    clear: 'Clear',
    retry: 'Try again',
    /** How every typed date is written (decision 060). */
    dateFormat: 'dd/mm/yyyy',
    /** An instant on the evaluation body's clock (an appeal's deadline), its zone named. */
    romeTime: '{{time}} (Rome time)',
  },
  /** What was typed in a form and not saved yet (a wizard step, an appeal), kept in the browser tab. */
  unsaved: {
    restored: 'What you typed here earlier and had not saved yet is back: check it, then save.',
    title: 'Leave this page?',
    message:
      'What you typed here is not saved yet. This browser tab keeps it for when you come back, but closing the tab loses it.',
    leave: 'Leave the page',
    stay: 'Stay',
  },
  messages: {
    generic: 'An error occurred. Try again later or contact your system administrator',
    loginFailed: 'Invalid credentials',
    registerFailed: 'An error occurred while registering',
    activationFailed: 'An error occurred while activating the account',
    resetFailed: 'An error occurred while resetting the password',
    tryAgainOrContact: 'Try again or contact us',
    tokenNotFound: 'Token not found',
    requestNewLink: 'Request a new link',
    exportFailed: 'An error occurred while exporting your document. Try again on another browser.',
    pageNotFound: 'Page not found',
    forbidden: 'You do not have access to this page.',
    registered: 'Registration successful',
    accountActivated: 'Account activated',
    passwordUpdated: 'Password updated',
    mailSent: 'Mail sent',
    accountUpdated: 'Account updated',
    accountDeleted: 'Account deleted',
    twoFactorEnabled: 'Two-factor authentication enabled',
    twoFactorDisabled: 'Two-factor authentication disabled',
    exportSucceeded: 'Export successful',
  },
  home: {
    title: 'Recognition of foreign qualifications',
    intro:
      'Lisbon is the portal of a qualification evaluation centre of the ENIC-NARIC network. Ask for a statement on a qualification you obtained abroad, pay online, upload your documents and follow your request until the statement is published.',
    register: 'Create an account',
    login: 'Log in',
    faq: 'Read the FAQ',
    servicesTitle: 'Three services',
    servicesIntro:
      'The service that fits your qualification depends on the country of the education system that awarded it. Upper secondary and higher education qualifications are both covered; for some countries no service is available.',
    correspondenceTitle: 'Correspondence and verification',
    correspondenceBody:
      'For qualifications from the {{signatories}} states that signed the Lisbon Recognition Convention: a statement of correspondence with the Italian education system, together with the verification of the qualification.',
    correspondenceBodyUncounted:
      'For qualifications from the states that signed the Lisbon Recognition Convention: a statement of correspondence with the Italian education system, together with the verification of the qualification.',
    comparabilityTitle: 'Comparability and verification',
    comparabilityBody:
      'For most other countries: a statement comparing your qualification with the Italian education system, together with the verification of the qualification.',
    comparabilityOnlyTitle: 'Comparability only',
    comparabilityOnlyBody:
      'Where the qualification cannot be verified, the statement covers its comparability with the Italian education system only.',
    refugeesTitle: 'Free service for refugees',
    refugeesBody:
      'If you hold political asylum or subsidiary protection in Italy, the comparability service is free, subject to proof of your status. Verification services are not offered to refugees, and a refugee account can file up to {{limit}} requests.',
    refugeesRegister: 'Register as a refugee',
    beforeTitle: 'Good to know before you apply',
    adultsTitle: 'For adults',
    adultsBody: 'The services are restricted to adults: you must be at least {{age}} years old to apply.',
    originalsTitle: 'Return of original documents',
    originalsBody:
      'If you send us original paper documents, the return delivery service sends them back to you for a fee of {{fee}}, VAT included.',
    verificationTitle: 'Verification of statements',
    verificationBody:
      'Every statement is signed and its fingerprint is recorded on a ledger. Anyone can check a statement on the public verification page by uploading its PDF: only the original statement we issued is accepted.',
    appealTitle: 'Appeals and amendments',
    appealBody: 'After a statement is released you have {{days}} days to ask for an appeal or an amendment.',
    discoveryTitle: 'Find the service for your country',
    discoveryBody:
      'Choose the country of the education system that awarded your qualification and its level. You do not need an account to look.',
  },
  faq: {
    title: 'Frequently asked questions',
    questionsTitle: 'Questions and answers',
    tipsTitle: 'Tips for identifying the country of education system',
    noQuestions: 'No questions and answers are published yet.',
    noTips: 'No tips are published yet.',
  },
  maintenance: {
    title: 'System upgrade',
    body: 'We are upgrading the system. Please try again shortly.',
    retry: 'Try again',
    checking: 'Checking…',
    stillRunning: 'The upgrade is still in progress. Please try again in a few minutes.',
    staffLogin: 'Staff: log in',
  },
  notFound: {
    body: 'The address may be mistyped, or the page may have moved.',
  },
  routeError: {
    title: 'Something went wrong',
  },
  search: {
    typeMore: 'Type at least {{min}} characters to search',
    noCountry: 'No country matches what you typed',
  },
  ...labelsEn,
  ...requestsEn,
  ...verifyEn,
  ...contactEn,
  ...sharedEn,
  ...noticesEn,
  pages: {
    login: { title: 'Log in', purpose: 'Log in to follow your requests and documents.' },
    register: {
      title: 'Create an account',
      purpose: 'Register to request the evaluation of a qualification.',
    },
    registerRefugee: {
      title: 'Create a refugee account',
      purpose:
        'Holders of political asylum or subsidiary protection in Italy register here for the free comparability service.',
    },
    activate: { title: 'Activate your account', purpose: 'Confirm your account and choose your password.' },
    recoverPassword: { title: 'Recover your password', purpose: 'Receive a link to set a new password.' },
    resetPassword: { title: 'Set a new password', purpose: 'Choose a new password for your account.' },
    marketingOptOut: { title: 'Newsletter unsubscribe' },
    account: {
      // The menu's link says "Profile" (nav.profile): one name for the page.
      title: 'Profile',
      purpose: 'Complete your account details, change your settings and download your receipts and invoices.',
      purposeStaff:
        'Keep your details up to date and change your settings: password and two-factor authentication.',
    },
    terms: { title: 'Terms and conditions' },
  },
  validation: VALIDATION_EN,
  // The API's messages the SPA shows of its own accord (the domain's, in this language only).
  apiErrors: SPA_ERRORS_EN,
} as const;

/** The shape every catalogue must have: the English keys, any text. */
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/**
 * Every text, this catalogue's and the groups fetched apart (i18n's TEXT_GROUPS): the logged-in
 * area's (area.en-US.ts, decision 063), the terms, the service finder's, the ledger's and the
 * anchor's (decision 079).
 */
export type Catalogue = Widen<
  typeof enUS &
    typeof areaEn &
    typeof authEn &
    typeof termsEn &
    typeof discoveryEn &
    typeof ledgerEn &
    typeof anchorEn
>;
/** The texts fetched at start, in every language. */
export type PublicCatalogue = Widen<typeof enUS>;
/** The logged-in area's texts, in every language. */
export type AreaCatalogue = Widen<typeof areaEn>;
