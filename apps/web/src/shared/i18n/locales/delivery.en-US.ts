/** Return delivery of the originals (`/delivery`), in English. */
export const deliveryEn = {
  delivery: {
    title: 'Return delivery',
    intro:
      'We send back the original paper documents of the requests open to delivery. Put the requests in the cart, give the shipping information, then pay the fee of {{fee}} per shipment ({{net}} plus {{vat}} VAT).',
    suspended: {
      title: 'Return delivery suspended',
      text: 'Return deliveries are suspended: you can order the return from {{day}}.',
    },
    paid: 'Payment successful: your shipment is paid. Download the waybill below.',
    awaitingPayment: 'We are waiting for the confirmation of your payment…',
    notCompleted:
      'The payment was not completed: nothing was charged. Your cart and shipping information are kept: pay below when you are ready.',
    cart: {
      title: 'Cart',
      intro: 'Choose the requests whose originals you want back: they travel together in one shipment.',
      empty: 'No request is open to delivery at the moment.',
      emptyWhy:
        'The office opens a request to return delivery once it holds your paper originals; an open appeal or amendment holds the delivery until it is concluded.',
      item: 'Request no. {{id}}: {{name}}',
      openedOn: 'Open to delivery since {{date}}',
      count_one: '{{count}} request in the cart',
      count_other: '{{count}} requests in the cart',
    },
    shipping: {
      title: 'Shipping information',
      nothingToShip:
        'There is nothing to ship yet: you can give the shipping information once the office opens one of your requests for the return of its originals.',
      nothingMoreToShip:
        'There is nothing more to ship: your shipments are below. You can give new shipping information if the office opens another of your requests for the return of its originals.',
      once: 'Check the details carefully: once submitted, the shipping information cannot be modified.',
      recipientName: 'Recipient name',
      address: 'Address',
      city: 'City',
      zipCode: 'Zip code',
      zipCodeNone: 'Optional: this country has no postal codes.',
      province: 'Province or region',
      country: 'Country',
      phone: 'Phone (for the courier)',
      phoneHelp: 'For example +39 06 1234 5678; without the country code, a number of the chosen country.',
      submit: 'Submit shipping information',
      updated: 'Shipping info updated',
      locked: 'Shipping information cannot be modified after submission.',
      confirm: {
        title: 'Confirm the shipping information',
        text: 'The originals will be sent to this recipient and address. Once confirmed, the shipping information cannot be modified.',
        address: 'Shipping address',
        fee: 'Next you pay the fee of {{fee}} per shipment: nothing is charged now.',
        submit: 'Confirm',
      },
    },
    payment: {
      title: 'Billing information and payment',
      emptyCart: 'Add at least one request to the cart to pay.',
      nothingToPay: 'There is nothing to pay: no request is open to delivery.',
      shippingFirst: 'Submit the shipping information before paying.',
      suspended: 'The cart cannot be paid now: you can order the return from {{day}}.',
    },
    shipments: {
      heading: 'Your shipments',
      none: 'No shipment yet.',
      title: 'Shipment no. {{id}}',
      waybillFileName: 'waybill-{{number}}.pdf',
      requests_one: 'Request no.',
      requests_other: 'Requests nos.',
      requestLink: 'Request no. {{id}}',
      paidOn: 'Paid on {{date}}',
      deliveredOn: 'Delivered on {{date}}',
      waybill: 'Download the waybill {{number}}',
      status: {
        open: 'Being prepared',
        paid: 'Paid',
        delivered: 'Delivered',
        cancelled: 'Cancelled, fee refunded',
      },
    },
  },
};
