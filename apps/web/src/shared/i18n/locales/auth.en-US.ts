/** Login, registration, activation, password recovery and the password rule, in English. */
export const authEn = {
  auth: {
    backToLogin: 'Back to log in',
    fields: {
      email: 'Email',
      password: 'Password',
      newPassword: 'New password',
      passwordConfirmation: 'Confirm the new password',
      firstName: 'First name(s)',
      lastName: 'Last name(s)',
      birthDate: 'Date of birth',
    },
    login: {
      loggedOut: 'You have logged out.',
      submit: 'Log in',
      forgotPassword: 'Forgot your password?',
      register: 'No account yet? Register',
      resendActivation: 'Did not receive the activation mail?',
      notActivated: 'Not activated yet? Ask for a new activation link',
    },
    twoFactor: {
      title: 'Two-factor authentication',
      intro: 'Your account is protected by a second factor. Enter the code your authenticator app shows now.',
      code: 'Code',
      codeHelp: 'The 6-digit code of your authenticator app, or one of your recovery codes.',
      submit: 'Verify',
      cancel: 'Use another account',
    },
    register: {
      refugeeLink: 'Holder of asylum or subsidiary protection in Italy? Register as a refugee.',
      refugeeIntroTitle: 'Free comparability service for refugees',
      refugeeProof:
        'You will prove your status with your refugee status certificate, uploaded with your request. The service covers comparability only: verification services are not offered, and a refugee account can file up to two requests.',
      adultsNote: 'The services are restricted to adults.',
      acceptTerms: 'I have read and accept the terms and conditions',
      readTerms: 'Read the terms and conditions',
      readRefugeeTerms: 'Read the terms and conditions for refugees (opens in a new tab)',
      marketingConsent: 'Send me news about the services by email (optional)',
      submit: 'Register',
      haveAccount: 'Already registered? Log in',
      checkMailbox:
        'Check your mailbox: we have sent you a link to activate your account and choose your password.',
      goToLogin: 'Go to log in',
      noMail: 'No mail after a few minutes? Ask for a new activation link',
    },
    activate: {
      submit: 'Activate the account',
      requestNew: 'Request a new activation mail',
      alreadyActive: 'Already activated? Log in',
    },
    /** The activation pages opened while logged in: the account is active, no mail to look for. */
    active: {
      title: 'Your account is active',
      body: 'You are logged in with it: there is nothing left to activate, and no activation mail to wait for.',
      link: 'Go to My requests',
      /** The same pages' used link, opened logged out: the account is active, the way in is the login. */
      usedLink:
        'This activation link has already been used: the account is active. Log in with its email and password.',
      logIn: 'Log in',
    },
    resend: {
      title: 'Resend the activation mail',
      intro:
        'Enter the email you registered with: if the account is not active yet, we send a new activation link.',
      submit: 'Send the activation mail',
    },
    recover: { submit: 'Send the link' },
    reset: { submit: 'Set the new password' },
    tokenNotFound: {
      body: 'This link is unknown, has already been used or has expired.',
    },
  },
  password: {
    toggleVisibility: 'Show or hide the password',
    toggleVisibilityOf: 'Show or hide “{{field}}”',
    checklistTitle: 'The password needs',
    requirements: {
      minLength: 'at least {{min}} characters',
      maxLength: 'at most {{max}} characters',
      uppercase: 'an uppercase letter',
      lowercase: 'a lowercase letter',
      digit: 'a digit',
      special: 'a special character',
    },
    met: 'met',
    notMet: 'not met yet',
    specialCharacters: 'Special characters:',
  },
} as const;
