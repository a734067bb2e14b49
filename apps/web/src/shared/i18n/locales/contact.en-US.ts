/** The contact page, in English. */
export const contactEn = {
  contact: {
    title: 'Contact us',
    intro:
      'Questions about a request, a payment or your account? Write to us or call us during opening hours. Tell us the number of your request, if you have one.',
    address: 'Address',
    email: 'Email',
    phone: 'Telephone',
    hours: 'Opening hours',
    demo: 'These contact details are demonstration values: the portal has not been configured with real ones yet.',
    unavailable: 'The contact details cannot be loaded at the moment. Try again later.',
  },
};
