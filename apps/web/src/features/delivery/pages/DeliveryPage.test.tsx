import type { Delivery, DeliveryOverview } from '@lisbon/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { storage } from '@/shared/storage';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { completeProfile, testUser } from '@/test/users';
import { waitOptions } from '@/test/wait';
import { POLL_MS } from '../api/delivery';

const assign = vi.fn();
beforeEach(() => {
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(async () => {
  vi.useRealTimers();
  cleanup();
  await changeLocale('en-US');
  vi.restoreAllMocks();
  assign.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const shipping = {
  recipient_name: 'Ada Lovelace',
  address: 'Rue de Rivoli 1',
  city: 'Paris',
  zip_code: '75001',
  province: null,
  country: 'FR',
  phone: null,
  submitted_at: '2026-03-10T09:00:00.000Z',
};

const openDelivery = (overrides: Partial<Delivery> = {}): Delivery => ({
  id: 4,
  status: 'open',
  shipping,
  practice_ids: [],
  amount: { net: 2459, vat: 541, total: 3000 },
  paid_at: null,
  payment_id: null,
  waybill_number: null,
  delivered_at: null,
  created_at: '2026-03-10T09:00:00.000Z',
  ...overrides,
});

const overview = (overrides: Partial<DeliveryOverview> = {}): DeliveryOverview => ({
  deliverable: [
    {
      id: 7,
      qualification_name: 'Bachelor of Science',
      status: 'published',
      delivery_opened_at: '2026-03-09T09:00:00.000Z',
      delivery_paid_at: null,
      delivered_at: null,
    },
  ],
  current: null,
  shipments: [],
  fee: { net: 2459, vat: 541, total: 3000 },
  suspension: null,
  ...overrides,
});

const frenchBilling = {
  entity_type: 'individual',
  first_name: 'Ada',
  last_name: 'Lovelace',
  fiscal_code: null,
  address: '1 rue de Rivoli',
  city: 'Paris',
  zip_code: '75001',
  province: null,
  country: 'FR',
};

const open = (routes: Parameters<typeof mockApi>[0]) => {
  const calls = mockApi({ 'GET /users/1/billing': { body: { data: null } }, ...routes });
  renderApp('/delivery', { queryClient: logIn(testUser({ ...completeProfile, residence_country: 'FR' })) });
  return calls;
};

describe('/delivery', () => {
  it('checks the shipping information with the domain schema before sending it', async () => {
    let current: Delivery | null = null;
    const calls = open({
      'GET /delivery': () => ({ body: { data: overview({ current }) } }),
      'PUT /delivery/shipping': () => {
        current = openDelivery();
        return { body: { data: current } };
      },
    });
    await userEvent.clear(await screen.findByLabelText(/^Recipient name/));
    await userEvent.click(screen.getByRole('button', { name: 'Submit shipping information' }));
    expect(calls.callsTo('PUT /delivery/shipping')).toHaveLength(0);
    // The recipient emptied, and the zip code the account does not have.
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
  });

  it('tells a screen reader which shipping and billing fields are required, not only with a sighted asterisk', async () => {
    open({ 'GET /delivery': { body: { data: overview() } } });
    const required = (scope: HTMLElement, names: string[]) =>
      names.map((name) => [
        name,
        within(scope)
          .getAllByRole(name === 'Country' ? 'combobox' : 'textbox', { name })
          .every((field) => (field as HTMLInputElement).required),
      ]);
    const shipping = (await screen.findByLabelText(/^Recipient name/)).closest('form') as HTMLElement;
    expect(required(shipping, ['Recipient name', 'Address', 'City', 'Zip code', 'Country'])).toEqual(
      ['Recipient name', 'Address', 'City', 'Zip code', 'Country'].map((name) => [name, true]),
    );
    expect(within(shipping).getByRole('textbox', { name: 'Province or region' })).toHaveProperty(
      'required',
      false,
    );

    cleanup();
    storage.set('cart', [7]);
    open({ 'GET /delivery': { body: { data: overview({ current: openDelivery() }) } } });
    const billing = await screen.findByRole('group', { name: 'Billing information' });
    await userEvent.click(
      within(billing).getByRole('checkbox', { name: 'Billing address same as shipping' }),
    );
    const names = ['First name(s)', 'Last name(s)', 'Country', 'Address', 'City', 'Zip code'];
    expect(required(billing, names)).toEqual(names.map((name) => [name, true]));
    expect(within(billing).getByRole('textbox', { name: 'Province' })).toHaveProperty('required', false);
  });

  it('offers no shipping form with nothing to ship, and says when it comes (decision 028)', async () => {
    open({ 'GET /delivery': { body: { data: overview({ deliverable: [] }) } } });
    expect(
      await screen.findByText(
        'There is nothing to ship yet: you can give the shipping information once the office opens one of your requests for the return of its originals.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/^Recipient name/)).toBeNull();
  });

  it("starts the shipping information from the account's name, address and phone (issue 14)", async () => {
    const calls = open({
      'GET /delivery': { body: { data: overview() } },
      'PUT /delivery/shipping': { body: { data: openDelivery() } },
    });
    const value = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label).value;
    expect((await screen.findByLabelText<HTMLInputElement>(/^Recipient name/)).value).toBe('Ada Lovelace');
    expect(value(/^Address/)).toBe('Via Roma 1');
    expect(value(/^City/)).toBe('Roma');
    expect(value(/^Phone/)).toBe('+44 20 7946 0958');
    expect(screen.getByRole('combobox', { name: /^Country/ })).toHaveProperty('value', 'France');
    await userEvent.type(screen.getByLabelText(/^Zip code/), '00184');
    await userEvent.click(screen.getByRole('button', { name: 'Submit shipping information' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm the shipping information' })).getByRole(
        'button',
        { name: 'Confirm' },
      ),
    );
    await waitFor(() => expect(calls.callsTo('PUT /delivery/shipping')).toHaveLength(1));
    expect(calls.callsTo('PUT /delivery/shipping')[0]?.body).toMatchObject({
      recipient_name: 'Ada Lovelace',
      address: 'Via Roma 1',
      city: 'Roma',
      zip_code: '00184',
      country: 'FR',
      phone: '+442079460958',
    });
  });

  it('asks before sending the shipping information, showing the address and the fee; Cancel sends nothing', async () => {
    const calls = open({
      'GET /delivery': { body: { data: overview() } },
      'PUT /delivery/shipping': { body: { data: openDelivery() } },
    });
    await userEvent.type(await screen.findByLabelText(/^Zip code/), '00184');
    const submitButton = screen.getByRole('button', { name: 'Submit shipping information' });
    await userEvent.click(submitButton);

    const dialog = await screen.findByRole('dialog', { name: 'Confirm the shipping information' });
    const address = within(dialog).getByRole('group', { name: 'Shipping address' });
    for (const line of ['Ada Lovelace', 'Via Roma 1', '00184 Roma', 'France', '+44 20 7946 0958']) {
      expect(within(address).getByText(line)).toBeTruthy();
    }
    expect(
      within(dialog).getByText('Next you pay the fee of €30.00 per shipment: nothing is charged now.'),
    ).toBeTruthy();
    // Cancel is the safe default: it holds the focus, and sends nothing.
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    await userEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.callsTo('PUT /delivery/shipping')).toHaveLength(0);
    expect(screen.getByLabelText<HTMLInputElement>(/^Zip code/).value).toBe('00184');

    await userEvent.click(submitButton);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm the shipping information' })).getByRole(
        'button',
        { name: 'Confirm' },
      ),
    );
    await waitFor(() => expect(calls.callsTo('PUT /delivery/shipping')).toHaveLength(1));
  });

  it('moves the keyboard to the shipping heading once the information is sent and the summary replaced the form', async () => {
    let isSent = false;
    open({
      'GET /delivery': () => ({
        body: { data: overview(isSent ? { current: openDelivery() } : {}) },
      }),
      'PUT /delivery/shipping': () => {
        isSent = true;
        return { body: { data: openDelivery() } };
      },
    });
    await userEvent.type(await screen.findByLabelText(/^Zip code/), '00184');
    await userEvent.click(screen.getByRole('button', { name: 'Submit shipping information' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm the shipping information' })).getByRole(
        'button',
        { name: 'Confirm' },
      ),
    );
    // The summary, read-only, in the form's place; the focus on its section's heading, not lost.
    expect(await screen.findByText('Rue de Rivoli 1')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Shipping information' })),
    );
  });

  it('asks no zip code of a shipping address in Ghana, which has no postal codes, saying so, but does of one in Italy', async () => {
    mockApi({
      'GET /users/1/billing': { body: { data: null } },
      'GET /delivery': { body: { data: overview() } },
    });
    renderApp('/delivery', { queryClient: logIn(testUser({ ...completeProfile, residence_country: 'GH' })) });
    const inGhana = await screen.findByRole('textbox', { name: 'Zip code' });
    expect(inGhana).toHaveProperty('required', false);
    expect(inGhana.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Optional: this country has no postal codes.')).toBeTruthy();

    cleanup();
    await changeLocale('it-IT');
    mockApi({
      'GET /users/1/billing': { body: { data: null } },
      'GET /delivery': { body: { data: overview() } },
    });
    renderApp('/delivery', { queryClient: logIn(testUser({ ...completeProfile, residence_country: 'IT' })) });
    expect(await screen.findByRole('textbox', { name: 'CAP' })).toHaveProperty('required', true);
    expect(screen.queryByText('Facoltativo: questo paese non ha codici postali.')).toBeNull();
  });

  it('asks in Italian too', async () => {
    await changeLocale('it-IT');
    open({ 'GET /delivery': { body: { data: overview() } } });
    await userEvent.type(await screen.findByLabelText(/^CAP/), '00184');
    await userEvent.click(screen.getByRole('button', { name: 'Invia le informazioni di spedizione' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conferma le informazioni di spedizione' });
    expect(within(dialog).getByRole('group', { name: 'Indirizzo di spedizione' })).toBeTruthy();
    expect(within(dialog).getByText(/^Dopo paghi il costo di 30,00\s€ per spedizione/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Annulla' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Conferma' })).toBeTruthy();
  });

  it('says how to write the courier’s phone, takes a national number of the country and shows it for reading', async () => {
    await changeLocale('it-IT');
    const calls = mockApi({
      'GET /users/1/billing': { body: { data: null } },
      'GET /delivery': { body: { data: overview() } },
      'PUT /delivery/shipping': { body: { data: openDelivery() } },
    });
    renderApp('/delivery', { queryClient: logIn(testUser({ ...completeProfile, residence_country: 'IT' })) });
    const phone = await screen.findByLabelText(/^Telefono \(per il corriere\)/);
    const help = document.getElementById(phone.getAttribute('aria-describedby') ?? '');
    expect(help?.textContent).toBe(
      'Per esempio +39 06 1234 5678; senza prefisso internazionale, un numero del Paese scelto.',
    );
    await userEvent.clear(phone);
    await userEvent.type(phone, '333 1234567');
    await userEvent.type(screen.getByLabelText(/^CAP/), '00184');
    await userEvent.click(screen.getByRole('button', { name: 'Invia le informazioni di spedizione' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conferma le informazioni di spedizione' });
    expect(within(dialog).getByText('+39 333 123 4567')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    await waitFor(() => expect(calls.callsTo('PUT /delivery/shipping')).toHaveLength(1));
    expect(calls.callsTo('PUT /delivery/shipping')[0]?.body).toMatchObject({
      country: 'IT',
      phone: '+393331234567',
    });
  });

  it('keeps the cart in client storage and pays it through the billing form', async () => {
    const checkoutUrl = 'http://localhost/sandbox/checkout/cs_1';
    const calls = open({
      'GET /delivery': { body: { data: overview({ current: openDelivery() }) } },
      'GET /users/1/billing': { body: { data: frenchBilling } },
      'POST /delivery/checkout': {
        body: { data: { payment_id: 9, checkout_url: checkoutUrl, expires_at: '2026-03-10T09:30:00Z' } },
      },
    });
    expect(await screen.findByText('Shipping information cannot be modified after submission.')).toBeTruthy();
    expect(screen.getByText('Add at least one request to the cart to pay.')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Request no. 7: Bachelor of Science' }));
    expect(storage.get('cart')).toEqual([7]);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay €30.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrl));
    expect(calls.callsTo('POST /delivery/checkout')[0]?.body).toMatchObject({ practice_ids: [7] });
  });

  it('starts the billing address as the shipping address just given: "same as shipping", ticked', async () => {
    const checkoutUrl = 'http://localhost/sandbox/checkout/cs_2';
    storage.set('cart', [7]);
    const calls = open({
      'GET /delivery': { body: { data: overview({ current: openDelivery() }) } },
      'POST /delivery/checkout': {
        body: { data: { payment_id: 9, checkout_url: checkoutUrl, expires_at: '2026-03-10T09:30:00Z' } },
      },
    });
    const billing = await screen.findByRole('group', { name: 'Billing information' });
    const same = within(billing).getByRole('checkbox', { name: 'Billing address same as shipping' });
    expect((same as HTMLInputElement).checked).toBe(true);
    const address = within(billing).getByLabelText<HTMLInputElement>(/^Address/);
    expect(address.value).toBe('Rue de Rivoli 1');
    expect(address.disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Pay €30.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrl));
    expect(calls.callsTo('POST /delivery/checkout')[0]?.body).toMatchObject({
      billing: { address: 'Rue de Rivoli 1', city: 'Paris', zip_code: '75001', country: 'FR' },
    });
  });

  it('unticked, "same as shipping" leaves the billing address to type, in Italian too', async () => {
    storage.set('cart', [7]);
    const calls = open({
      'GET /delivery': { body: { data: overview({ current: openDelivery() }) } },
      'POST /delivery/checkout': {
        body: {
          data: { payment_id: 9, checkout_url: 'http://localhost/c', expires_at: '2026-03-10T09:30:00Z' },
        },
      },
    });
    const billing = await screen.findByRole('group', { name: 'Billing information' });
    await userEvent.click(
      within(billing).getByRole('checkbox', { name: 'Billing address same as shipping' }),
    );
    const address = within(billing).getByLabelText<HTMLInputElement>(/^Address/);
    expect(address.disabled).toBe(false);
    await userEvent.clear(address);
    await userEvent.type(address, 'Rue de la Paix 2');
    await userEvent.click(screen.getByRole('button', { name: 'Pay €30.00' }));
    await waitFor(() => expect(calls.callsTo('POST /delivery/checkout')).toHaveLength(1));
    expect(calls.callsTo('POST /delivery/checkout')[0]?.body).toMatchObject({
      billing: { address: 'Rue de la Paix 2', city: 'Paris' },
    });
    await changeLocale('it-IT');
    expect(
      await screen.findByRole('checkbox', {
        name: 'Indirizzo di fatturazione uguale a quello di spedizione',
      }),
    ).toBeTruthy();
  });

  it('after a paid return shipment, starts the next one from the account’s phone written for reading, not in E.164', async () => {
    window.history.replaceState(null, '', '/delivery?payment=9');
    const paid = openDelivery({
      status: 'paid',
      practice_ids: [7],
      paid_at: '2026-03-10T09:10:00.000Z',
      payment_id: 9,
      shipping: { ...shipping, phone: '+442079460958' },
    });
    const calls = mockApi({
      'GET /users/1/billing': { body: { data: frenchBilling } },
      'GET /delivery': {
        body: {
          data: overview({
            deliverable: [
              {
                id: 8,
                qualification_name: 'Master of Arts',
                status: 'published',
                delivery_opened_at: '2026-03-10T09:00:00.000Z',
                delivery_paid_at: null,
                delivered_at: null,
              },
            ],
            current: null,
            shipments: [paid],
          }),
        },
      },
      'PUT /delivery/shipping': { body: { data: openDelivery() } },
    });
    renderApp('/delivery?payment=9', {
      queryClient: logIn(testUser({ ...completeProfile, residence_country: 'FR' })),
    });
    expect(
      await screen.findByText('Payment successful: your shipment is paid. Download the waybill below.'),
    ).toBeTruthy();
    const phone = screen.getByLabelText<HTMLInputElement>(/^Phone/);
    expect(phone.value).toBe('+44 20 7946 0958');
    expect(screen.queryByDisplayValue('+442079460958')).toBeNull();
    // Sent as it is, the number still reaches the server in E.164.
    await userEvent.type(screen.getByLabelText(/^Zip code/), '00184');
    await userEvent.click(screen.getByRole('button', { name: 'Submit shipping information' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the shipping information' });
    expect(within(dialog).getByText('+44 20 7946 0958')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.callsTo('PUT /delivery/shipping')).toHaveLength(1));
    expect(calls.callsTo('PUT /delivery/shipping')[0]?.body).toMatchObject({ phone: '+442079460958' });
  });

  it("says 'Payment failed!' when the payer comes back from a declined payment, and stops waiting", async () => {
    // The poll's clock is faked: its rounds pass when the test says, not in real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    window.history.replaceState(null, '', '/delivery?payment=9');
    const calls = mockApi({
      'GET /users/1/billing': { body: { data: frenchBilling } },
      'GET /delivery': { body: { data: overview({ current: openDelivery() }) } },
      'GET /payments/9': {
        body: {
          data: {
            id: 9,
            purpose: 'delivery',
            practice_id: null,
            delivery_id: 4,
            amount: { net: 2459, vat: 541, total: 3000 },
            status: 'failed',
            provider: 'sandbox',
            transaction_reference: null,
            created_at: '2026-03-10T09:00:00.000Z',
            paid_at: null,
            expires_at: null,
          },
        },
      },
    });
    renderApp('/delivery?payment=9', {
      queryClient: logIn(testUser({ ...completeProfile, residence_country: 'FR' })),
    });
    expect((await vi.waitFor(() => screen.getByRole('alert'), waitOptions)).textContent).toBe(
      'Payment failed! Try again or contact your bank.',
    );
    expect(screen.queryByText('We are waiting for the confirmation of your payment…')).toBeNull();
    // No more asking for a shipment that will not come, nor for the payment, however many rounds pass.
    const asked = () => [calls.callsTo('GET /delivery').length, calls.callsTo('GET /payments/9').length];
    const before = asked();
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(asked()).toEqual(before);
  });

  it('says the payment was not completed when the payer comes back from Cancel, with the focus on it, and stops waiting', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    window.history.replaceState(null, '', '/delivery?payment=9&cancelled=1');
    const calls = mockApi({
      'GET /users/1/billing': { body: { data: frenchBilling } },
      'GET /delivery': { body: { data: overview({ current: openDelivery() }) } },
      'GET /payments/9': {
        body: {
          data: {
            id: 9,
            purpose: 'delivery',
            practice_id: null,
            delivery_id: 4,
            amount: { net: 2459, vat: 541, total: 3000 },
            status: 'pending',
            provider: 'sandbox',
            transaction_reference: null,
            created_at: '2026-03-10T09:00:00.000Z',
            paid_at: null,
            expires_at: '2026-03-10T09:30:00.000Z',
          },
        },
      },
    });
    renderApp('/delivery?payment=9&cancelled=1', {
      queryClient: logIn(testUser({ ...completeProfile, residence_country: 'FR' })),
    });
    const notice = await vi.waitFor(
      () => screen.getByText(/^The payment was not completed: nothing was charged\./),
      waitOptions,
    );
    await vi.waitFor(
      () => expect(document.activeElement).toBe(notice.closest('[role="status"]')),
      waitOptions,
    );
    // Not "waiting for the confirmation" of a payment the payer left: no more asking either.
    expect(screen.queryByText('We are waiting for the confirmation of your payment…')).toBeNull();
    const asked = () => [calls.callsTo('GET /delivery').length, calls.callsTo('GET /payments/9').length];
    const before = asked();
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(asked()).toEqual(before);
  });

  it('says the cart cannot be paid during a suspension, and from which day, in the mail’s words', async () => {
    storage.set('cart', [7]);
    open({
      'GET /delivery': {
        body: {
          data: overview({
            current: openDelivery(),
            suspension: { from: '2024-12-24', to: '2025-01-07', orderable_on: '2025-01-08' },
          }),
        },
      },
    });
    expect(await screen.findByText('Return delivery suspended')).toBeTruthy();
    // The sentence of the 'open to delivery' mail and of the 409, with the day it names.
    expect(
      screen.getByText('Return deliveries are suspended: you can order the return from January 8, 2025.'),
    ).toBeTruthy();
    expect(
      screen.getByText('The cart cannot be paid now: you can order the return from January 8, 2025.'),
    ).toBeTruthy();
    expect(screen.queryByText(/January 7/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
  });

  it('says it in Italian too, as the Italian mail does', async () => {
    await changeLocale('it-IT');
    open({
      'GET /delivery': {
        body: {
          data: overview({
            current: openDelivery(),
            suspension: { from: '2024-12-24', to: '2025-01-07', orderable_on: '2025-01-08' },
          }),
        },
      },
    });
    expect(
      await screen.findByText(
        'Le restituzioni degli originali sono sospese: potrai ordinare la restituzione dall’8 gennaio 2025.',
      ),
    ).toBeTruthy();
  });

  it('lists shipments with their waybill and the delivery date', async () => {
    open({
      'GET /delivery': {
        body: {
          data: overview({
            deliverable: [],
            shipments: [
              openDelivery({
                status: 'delivered',
                practice_ids: [7],
                paid_at: '2026-03-10T09:00:00.000Z',
                payment_id: 9,
                waybill_number: 'RD-2026-000004',
                delivered_at: '2026-03-12T09:00:00.000Z',
              }),
            ],
          }),
        },
      },
    });
    expect(await screen.findByRole('button', { name: 'Download the waybill RD-2026-000004' })).toBeTruthy();
    expect(screen.getByText('Delivered', { exact: true })).toBeTruthy();
    expect(screen.getByText(/^Delivered on /)).toBeTruthy();
  });

  it('once its shipment is paid and nothing else is open, says there is nothing more to ship or to pay, in Italian too', async () => {
    const paid = overview({
      deliverable: [],
      shipments: [
        openDelivery({
          status: 'paid',
          practice_ids: [7],
          paid_at: '2026-03-10T09:00:00.000Z',
          payment_id: 9,
        }),
      ],
    });
    open({ 'GET /delivery': { body: { data: paid } } });
    expect(
      await screen.findByText(
        'There is nothing more to ship: your shipments are below. You can give new shipping information if the office opens another of your requests for the return of its originals.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/nothing to ship yet/)).toBeNull();
    // Not "add a request to the cart" with none to add.
    expect(screen.getByText('There is nothing to pay: no request is open to delivery.')).toBeTruthy();
    expect(screen.queryByText('Add at least one request to the cart to pay.')).toBeNull();
    cleanup();
    await changeLocale('it-IT');
    open({ 'GET /delivery': { body: { data: paid } } });
    expect(
      await screen.findByText(/^Non c’è altro da spedire: le tue spedizioni sono qui sotto\./),
    ).toBeTruthy();
    expect(
      screen.getByText('Non c’è nulla da pagare: nessuna richiesta è aperta alla restituzione.'),
    ).toBeTruthy();
  });

  it('names each request of a shipment by its number, linked to it, in Italian too', async () => {
    const shipments = [
      openDelivery({ id: 1, status: 'paid', practice_ids: [2], paid_at: '2026-03-10T09:00:00.000Z' }),
      openDelivery({ id: 3, status: 'paid', practice_ids: [5, 8], paid_at: '2026-03-11T09:00:00.000Z' }),
    ];
    open({ 'GET /delivery': { body: { data: overview({ deliverable: [], shipments }) } } });
    const one = await screen.findByRole('link', { name: 'Request no. 2' });
    expect(one.getAttribute('href')).toBe('/practices/2');
    expect(one.closest('p')?.textContent).toBe('Request no. 2');
    const several = screen.getByRole('link', { name: 'Request no. 8' });
    expect(several.getAttribute('href')).toBe('/practices/8');
    expect(several.closest('p')?.textContent).toBe('Requests nos. 5, 8');
    cleanup();
    await changeLocale('it-IT');
    open({ 'GET /delivery': { body: { data: overview({ deliverable: [], shipments }) } } });
    const italian = await screen.findByRole('link', { name: 'Richiesta n. 2' });
    expect(italian.closest('p')?.textContent).toBe('Richiesta n. 2');
    expect(screen.getByRole('link', { name: 'Richiesta n. 5' }).closest('p')?.textContent).toBe(
      'Richieste n. 5, 8',
    );
  });

  it('with no request open to delivery, says when the office opens one, in Italian too', async () => {
    open({ 'GET /delivery': { body: { data: overview({ deliverable: [] }) } } });
    expect(await screen.findByText('No request is open to delivery at the moment.')).toBeTruthy();
    expect(
      screen.getByText(
        /opens a request to return delivery once it holds your paper originals; an open appeal or amendment holds/,
      ),
    ).toBeTruthy();
    cleanup();
    await changeLocale('it-IT');
    open({ 'GET /delivery': { body: { data: overview({ deliverable: [] }) } } });
    expect(
      await screen.findByText(
        /quando ha ricevuto i tuoi originali cartacei; un ricorso o una rettifica aperti/,
      ),
    ).toBeTruthy();
  });
});
