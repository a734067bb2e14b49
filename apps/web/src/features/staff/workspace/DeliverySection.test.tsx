import type { StaffShipment } from '@lisbon/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from '@/shared/ui/saveBlob';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { staffPracticeFixture, staffUser } from '@/test/staffFixtures';

vi.mock('@/shared/ui/saveBlob', () => ({ saveBlob: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(saveBlob).mockClear();
  localStorage.clear();
});

const counts = { assigned: 0, to_review: 0, unassigned: 0, ready_for_issue: 0, archive: 1, all: 1 };

const shipment: StaffShipment = {
  id: 3,
  status: 'paid',
  shipping: {
    recipient_name: 'Ada Lovelace',
    address: 'Via Roma 1',
    city: 'Torino',
    zip_code: '10121',
    province: 'TO',
    country: 'IT',
    phone: '+393331234567',
    submitted_at: '2026-11-10T09:00:00.000Z',
  },
  waybill_number: 'RD-2026-000003',
  paid_at: '2026-11-11T09:00:00.000Z',
  delivered_at: null,
};

const deliverySection = async () =>
  (await screen.findByRole('heading', { level: 2, name: 'Return delivery' })).closest(
    'section',
  ) as HTMLElement;

describe('the return delivery of a request, in the staff workspace', () => {
  it('says where to send the originals and under which waybill, whose PDF can be downloaded', async () => {
    const practice = staffPracticeFixture({
      status: 'closed',
      delivery_opened_at: '2026-11-05T09:00:00.000Z',
      delivery_paid_at: '2026-11-11T09:00:00.000Z',
      shipment,
      allowed_changes: ['set_delivered'],
    });
    const api = mockApi({
      'GET /staff/queues/counts': { body: { data: counts } },
      [`GET /staff/practices/${practice.id}`]: { body: { data: practice } },
      [`GET /staff/practices/${practice.id}/waybill`]: { body: '%PDF-' },
    });
    renderApp(`/staff/practices/${practice.id}`, { queryClient: logIn(staffUser('secretary')) });
    const section = await deliverySection();
    const recipient = within(section).getByRole('group', { name: 'Send to' });
    expect(within(recipient).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(recipient).getByText('Via Roma 1')).toBeTruthy();
    expect(within(recipient).getByText('10121 Torino TO')).toBeTruthy();
    expect(within(recipient).getByText('Italy')).toBeTruthy();
    expect(within(recipient).getByText('Phone +39 333 123 4567')).toBeTruthy();
    expect(within(section).getByText('Waybill RD-2026-000003')).toBeTruthy();

    await userEvent.click(within(section).getByRole('button', { name: 'Download the waybill (PDF)' }));
    await waitFor(() =>
      expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'waybill-RD-2026-000003.pdf'),
    );
    expect(api.callsTo(`GET /staff/practices/${practice.id}/waybill`)).toHaveLength(1);
  });

  it('writes a phone kept without its country code for reading, in the shipping country', async () => {
    const practice = staffPracticeFixture({
      status: 'closed',
      delivery_opened_at: '2026-11-05T09:00:00.000Z',
      delivery_paid_at: '2026-11-11T09:00:00.000Z',
      shipment: { ...shipment, shipping: { ...shipment.shipping!, phone: '3331234567' } },
    });
    mockApi({
      'GET /staff/queues/counts': { body: { data: counts } },
      [`GET /staff/practices/${practice.id}`]: { body: { data: practice } },
    });
    renderApp(`/staff/practices/${practice.id}`, { queryClient: logIn(staffUser('secretary')) });
    const recipient = within(await deliverySection()).getByRole('group', { name: 'Send to' });
    expect(within(recipient).getByText('Phone +39 333 123 4567')).toBeTruthy();
  });

  it('asks before opening the return delivery, which mails the applicant: Cancel sends nothing', async () => {
    const practice = staffPracticeFixture({ status: 'closed', allowed_changes: ['open_to_delivery'] });
    const opened = { ...practice, delivery_opened_at: '2026-11-12T09:00:00.000Z', allowed_changes: [] };
    const api = mockApi({
      'GET /staff/queues/counts': { body: { data: counts } },
      [`GET /staff/practices/${practice.id}`]: { body: { data: practice } },
      [`POST /staff/practices/${practice.id}/open-to-delivery`]: {
        body: { data: opened, meta: { notice: 'openToDelivery', message: 'Open to delivery' } },
      },
    });
    renderApp(`/staff/practices/${practice.id}`, { queryClient: logIn(staffUser('secretary')) });
    const section = await deliverySection();
    const open = within(section).getByRole('button', { name: 'Open to delivery' });

    await userEvent.click(open);
    let dialog = await screen.findByRole('dialog', { name: 'Open to delivery' });
    expect(within(dialog).getByText(/told by mail now that they can order the return/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(`POST /staff/practices/${practice.id}/open-to-delivery`)).toHaveLength(0);

    await userEvent.click(open);
    dialog = await screen.findByRole('dialog', { name: 'Open to delivery' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open to delivery' }));
    expect(await within(section).findByText(/^Open to delivery since/)).toBeTruthy();
    expect(api.callsTo(`POST /staff/practices/${practice.id}/open-to-delivery`)).toHaveLength(1);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Return delivery' })),
    );
  });

  it('keeps the keyboard in the section once the originals are set as delivered', async () => {
    const practice = staffPracticeFixture({
      status: 'closed',
      delivery_opened_at: '2026-11-05T09:00:00.000Z',
      delivery_paid_at: '2026-11-11T09:00:00.000Z',
      shipment,
      allowed_changes: ['set_delivered'],
    });
    const delivered = { ...practice, delivered_at: '2026-11-12T09:00:00.000Z', allowed_changes: [] };
    mockApi({
      'GET /staff/queues/counts': { body: { data: counts } },
      [`GET /staff/practices/${practice.id}`]: { body: { data: practice } },
      [`POST /staff/practices/${practice.id}/delivered`]: {
        body: { data: delivered, meta: { notice: 'setAsDelivered', message: 'Set as delivered' } },
      },
    });
    renderApp(`/staff/practices/${practice.id}`, { queryClient: logIn(staffUser('secretary')) });
    const section = await deliverySection();
    await userEvent.click(within(section).getByRole('button', { name: 'Set as delivered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set as delivered' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set as delivered' }));
    expect(await within(section).findByText(/^Delivered on/)).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Return delivery' })),
    );
  });

  it('shows no shipment when none is paid (or the API leaves it out)', async () => {
    const practice = staffPracticeFixture({
      status: 'closed',
      delivery_opened_at: '2026-11-05T09:00:00.000Z',
    });
    mockApi({
      'GET /staff/queues/counts': { body: { data: counts } },
      [`GET /staff/practices/${practice.id}`]: { body: { data: practice } },
    });
    renderApp(`/staff/practices/${practice.id}`, { queryClient: logIn(staffUser('secretary')) });
    const section = await deliverySection();
    expect(within(section).queryByRole('button', { name: 'Download the waybill (PDF)' })).toBeNull();
  });
});
