import type { APIRequestContext } from '@playwright/test';
import { dataDir, PORTAL_PORT } from '../playwright.config';
import {
  apiToken,
  createApplicant,
  draftAtReview,
  expect,
  expectAccessible,
  expectShown,
  logIn,
  payThroughApi,
  test,
} from '../support';
import { passSecondFactor, runCli, staffPage } from '../staff';

test.use({ actionTimeout: 15_000 });

const applicant = { email: `rosa.${Date.now()}@example.org`, password: 'Lemon-grove-2031!' };
const secretary = { email: `secretary.${Date.now()}@lisbon.test`, password: 'Quiet#Harbour42', secret: '' };
const BILLING = {
  entity_type: 'individual',
  first_name: 'Rosa',
  last_name: 'Martin',
  fiscal_code: null,
  address: '12 rue de la République',
  city: 'Lyon',
  zip_code: '69002',
  province: null,
  country: 'FR',
};

type Json = { data: Record<string, unknown> & { id: number } };

const ok = async (response: Awaited<ReturnType<APIRequestContext['post']>>) => {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Json;
};

/** A paid, submitted request made through the API: the journey's subject is what comes after it. */
async function submittedRequest(request: APIRequestContext): Promise<number> {
  // The account's address and phone, as the complete-account form keeps them.
  const headers = { authorization: `Bearer ${await apiToken(request, applicant)}` };
  const me = await ok(await request.get('/api/v1/auth/me', { headers }));
  await ok(
    await request.patch(`/api/v1/users/${me.data.id}`, {
      headers,
      data: {
        address: '12 rue de la République',
        city: 'Lyon',
        zip_code: '69002',
        residence_country: 'FR',
        phone: '+33 4 72 00 00 00',
      },
    }),
  );
  const id = await draftAtReview(request, applicant);
  // Billing kept on the server: the delivery's billing form starts from it.
  await payThroughApi(request, applicant, id, BILLING);
  return id;
}

/** A secretary made with `npm run cli -- user:create`, activated, with two factors on. */
async function createSecretary(request: APIRequestContext): Promise<void> {
  const output = runCli(
    dataDir(PORTAL_PORT),
    [
      'user:create',
      '--role',
      'secretary',
      '--email',
      secretary.email,
      '--first-name',
      'Sara',
      '--last-name',
      'Segreteria',
    ],
    { PUBLIC_URL: `http://127.0.0.1:${PORTAL_PORT}` },
  );
  const link = /https?:\/\/\S+/.exec(output)?.[0];
  if (!link) throw new Error(`user:create printed no link:\n${output}`);
  const token = new URL(link).pathname.split('/').pop();
  await ok(
    await request.post('/api/v1/auth/activate', {
      data: { token, password: secretary.password, password_confirmation: secretary.password },
    }),
  );
  const headers = { authorization: `Bearer ${await apiToken(request, secretary)}` };
  const setup = (await ok(await request.post('/api/v1/auth/2fa/setup', { headers }))).data as unknown as {
    secret: string;
  };
  secretary.secret = setup.secret;
  // The code taken here is spent: the login below gives another (see `passSecondFactor`).
  const enabled = await passSecondFactor(setup.secret, async (code) => {
    const answer = await request.post('/api/v1/auth/2fa/enable', {
      headers,
      data: { code, current_password: secretary.password },
    });
    return answer.ok();
  });
  expect(enabled, `second factor of ${secretary.email} switched on`).toBe(true);
}

test('return delivery: staff open it, the applicant fills the cart, gives shipping once, pays, downloads the waybill, staff set it delivered', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await createApplicant(request, dataDir(PORTAL_PORT), applicant);
  const id = await submittedRequest(request);
  await createSecretary(request);

  // The evaluation is over (closed here); the secretary opens the originals to delivery.
  const staff = await staffPage(browser, secretary);
  await staff.goto(`/staff/practices/${id}`);
  await expect(staff.getByRole('heading', { level: 1, name: `Request no. ${id}` })).toBeVisible();
  const delivery = staff.getByRole('region', { name: 'Return delivery' });
  await expect(delivery.getByText('The originals are not open to delivery.')).toBeVisible();
  await expect(delivery.getByRole('button', { name: 'Open to delivery' })).toHaveCount(0);
  await expectAccessible(staff);
  const actions = staff.getByRole('region', { name: 'Actions' });
  await actions.getByRole('button', { name: 'Close the request', exact: true }).click();
  const dialog = staff.getByRole('dialog', { name: 'Close the request' });
  await dialog.getByRole('textbox').first().fill('Evaluation concluded on paper: the originals go back.');
  await expectAccessible(staff);
  await dialog.getByRole('button', { name: 'Close the request', exact: true }).click();
  await expect(dialog).toBeHidden();
  // Opening mails the applicant and cannot be taken back: asked first.
  await delivery.getByRole('button', { name: 'Open to delivery' }).click();
  const confirmOpen = staff.getByRole('dialog', { name: 'Open to delivery' });
  await expect(confirmOpen).toContainText('can order the return of their paper originals');
  await expectAccessible(staff);
  await confirmOpen.getByRole('button', { name: 'Open to delivery' }).click();
  await expect(confirmOpen).toBeHidden();
  await expectShown(staff, 'Open to delivery', { exact: true });
  await expect(delivery.getByText(/^Open to delivery since /)).toBeVisible();
  await expectAccessible(staff);

  // The applicant: the cart, the shipping information (once), billing and payment.
  await page.goto('/auth/login');
  await logIn(page, applicant);
  await expect(page).toHaveURL(/\/(practices|account)/);
  await page.goto('/delivery');
  await expect(page.getByRole('heading', { level: 1, name: 'Return delivery' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('checkbox', { name: `Request no. ${id}: Licence de physique` }).check();
  await expect(page.getByText('1 request in the cart')).toBeVisible();
  await expect(page.getByText('Submit the shipping information before paying.')).toBeVisible();

  // The shipping information starts from the account: its name, address and phone (issue 14), the
  // phone written for reading as the account's form shows it.
  const shipping = page.getByRole('region', { name: 'Shipping information' });
  await expect(shipping.getByLabel(/^Recipient name/)).toHaveValue('Amina Haddad');
  await expect(shipping.getByLabel(/^Address/)).toHaveValue('12 rue de la République');
  await expect(shipping.getByLabel(/^City/)).toHaveValue('Lyon');
  await expect(shipping.getByLabel(/^Zip code/)).toHaveValue('69002');
  await expect(shipping.getByRole('combobox', { name: 'Country' })).toHaveValue('France');
  await expect(shipping.getByLabel(/^Phone/)).toHaveValue('+33 4 72 00 00 00');
  await expectAccessible(page);
  // The originals go to someone else at the same address.
  await shipping.getByLabel(/^Recipient name/).fill('Rosa Martin');
  await shipping.getByRole('button', { name: 'Submit shipping information' }).click();
  // Asked first, since it cannot be changed: where the originals go, and the fee to pay next.
  const confirmShipping = page.getByRole('dialog', { name: 'Confirm the shipping information' });
  const confirmedAddress = confirmShipping.getByRole('group', { name: 'Shipping address' });
  await expect(confirmedAddress.getByText('Rosa Martin')).toBeVisible();
  await expect(confirmedAddress.getByText('12 rue de la République')).toBeVisible();
  // The courier's phone written for reading, not in E.164.
  await expect(confirmedAddress.getByText('+33 4 72 00 00 00')).toBeVisible();
  await expect(confirmShipping.getByText(/^Next you pay the fee of €30\.00 per shipment/)).toBeVisible();
  await expect(confirmShipping.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page);
  await confirmShipping.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirmShipping).toBeHidden();
  await expect(page.getByText('Shipping info updated').first()).toBeVisible();
  await expect(shipping.getByText('Shipping information cannot be modified after submission.')).toBeVisible();
  await expect(shipping.getByRole('textbox')).toHaveCount(0);

  const payment = page.getByRole('region', { name: 'Billing information and payment' });
  await expect(payment.getByLabel(/^Address/)).toHaveValue('12 rue de la République');
  // The shipping address just given is the billing address too, until unticked.
  await expect(payment.getByRole('checkbox', { name: 'Billing address same as shipping' })).toBeChecked();
  await expectAccessible(page);
  await payment.getByRole('button', { name: 'Pay €30.00' }).click();

  // The sandbox provider's hosted page: the success card.
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by card' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await page.getByLabel(/^Expiry date/).fill('12/34');
  await page.getByLabel(/^Security code/).fill('123');
  await page.getByLabel(/^Name on the card/).fill('Rosa Martin');
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL(/\/delivery\?payment=\d+/);
  await expect(page.getByText(/^Payment successful: your shipment is paid/)).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);
  const shipment = page.getByRole('listitem').filter({ hasText: 'Shipment no.' });
  await expect(shipment.getByText('Paid', { exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await shipment.getByRole('button', { name: /^Download the waybill RD-\d{4}-\d{6}$/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^waybill-RD-\d{4}-\d{6}\.pdf$/);
  // On a phone, in Italian (the longer label), the waybill's button stays inside its card.
  const language = page.getByRole('combobox', { name: /Language|Lingua/ });
  await language.selectOption('it-IT');
  await page.setViewportSize({ width: 375, height: 800 });
  const spedizione = page.getByRole('listitem').filter({ hasText: 'Spedizione n.' });
  const waybill = spedizione.getByRole('button', { name: /^Scarica la lettera di vettura RD-\d{4}-\d{6}$/ });
  await expect(waybill).toBeVisible();
  const card = (await spedizione.boundingBox())!;
  const button = (await waybill.boundingBox())!;
  expect(button.x + button.width).toBeLessThanOrEqual(card.x + card.width - 16);
  await expectAccessible(page);
  await language.selectOption('en-US');
  await page.setViewportSize({ width: 1280, height: 720 });

  // The courier has delivered: the secretary sets it as delivered.
  await staff.reload();
  await expect(delivery.getByText(/^Shipment paid on /)).toBeVisible();
  await delivery.getByRole('button', { name: 'Set as delivered' }).click();
  // Asked first: the applicant is mailed that the originals reached them.
  const confirmDelivered = staff.getByRole('dialog', { name: 'Set as delivered' });
  await expect(
    confirmDelivered.getByText(/^Only once the originals have reached the applicant/),
  ).toBeVisible();
  await expectAccessible(staff);
  await confirmDelivered.getByRole('button', { name: 'Set as delivered' }).click();
  await expectShown(staff, 'Set as delivered', { exact: true });
  await expect(delivery.getByText(/^Delivered on /)).toBeVisible();
  await expect(delivery.getByRole('button', { name: 'Set as delivered' })).toHaveCount(0);
  await expectAccessible(staff);

  // The applicant sees it delivered, on /delivery and on the request.
  await page.goto('/delivery');
  await expect(shipment.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(shipment.getByText(/^Delivered on /)).toBeVisible();
  await expectAccessible(page);
  await page.goto(`/practices/${id}`);
  await expect(page.getByText('Originals delivered on')).toBeVisible();
  await expectAccessible(page);
});
