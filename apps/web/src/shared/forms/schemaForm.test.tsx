import { Button, TextInput } from '@mantine/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { renderComponent } from '@/test/renderComponent';
import { useSchemaForm } from './schemaForm';

afterEach(cleanup);

/** A form whose sending the test ends by hand, as a slow API would. */
function SlowForm({ sending }: { sending: () => Promise<void> }) {
  const { form, submit } = useSchemaForm({
    name: 'slow',
    schema: z.object({ name: z.string() }),
    initialValues: { name: 'Ada' },
  });
  return (
    <form onSubmit={submit(sending)} noValidate>
      <TextInput label="Name" {...form.getInputProps('name')} />
      <Button type="submit" loading={form.submitting}>
        Save
      </Button>
    </form>
  );
}

describe('useSchemaForm', () => {
  it('gives focus back to the submit button once the form is sent, which a browser takes from a disabled button', async () => {
    let finish = () => {};
    const sending = () =>
      new Promise<void>((resolve) => {
        // What a browser does as Mantine's `loading` disables the focused button.
        (document.activeElement as HTMLElement | null)?.blur();
        finish = resolve;
      });
    renderComponent(<SlowForm sending={sending} />);
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(document.body));
    finish();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' })));
  });

  it('leaves focus where it is when the form was sent from a field', async () => {
    renderComponent(<SlowForm sending={() => Promise.resolve()} />);
    await userEvent.click(screen.getByLabelText('Name'));
    await userEvent.keyboard('{Enter}');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
  });
});
