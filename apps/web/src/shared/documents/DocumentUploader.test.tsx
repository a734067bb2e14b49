import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findAlert } from '@/test/alerts';
import { installFakeXhr } from '@/test/fakeXhr';
import { renderComponent } from '@/test/renderComponent';
import { DocumentUploader } from './DocumentUploader';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const uploaded = {
  id: 3,
  practice_id: 7,
  type: 'diploma',
  additional_type: null,
  file_name: 'diploma.pdf',
  content_type: 'application/pdf',
  size: 4,
  sha256: 'a'.repeat(64),
  created_at: '2026-11-20T10:00:00.000Z',
};

/** The input behind "Choose a file", the keyboard's way in (the drop zone's own input comes first). */
function chooseFile(file: File) {
  const input = [...document.querySelectorAll<HTMLInputElement>('input[type=file]')].at(-1);
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

describe('document upload', () => {
  it('sends the file with its type and request, showing the progress', async () => {
    const xhr = installFakeXhr();
    const onUploaded = vi.fn();
    renderComponent(
      <DocumentUploader
        name="upload"
        practiceId={7}
        types={['diploma', 'additional']}
        defaultType="diploma"
        onUploaded={onUploaded}
      />,
    );
    chooseFile(new File(['%PDF'], 'diploma.pdf', { type: 'application/pdf' }));

    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    const request = xhr.sent[0];
    if (!request) throw new Error('nothing sent');
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/documents');
    expect(request.field('type')).toBe('diploma');
    expect(request.field('practice_id')).toBe('7');
    expect((request.field('file') as File).name).toBe('diploma.pdf');

    request.progress(40, 100);
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(screen.getByText('Uploading: 40%')).toBeTruthy();

    request.respond(201, { data: uploaded });
    expect(await screen.findByText('Document added')).toBeTruthy();
    expect(onUploaded).toHaveBeenCalledWith(uploaded);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('offers one control to choose a file: the drop zone’s own input (“file upload”, in English) is hidden from assistive technologies', () => {
    renderComponent(
      <DocumentUploader name="upload" practiceId={7} types={['diploma']} defaultType="diploma" />,
    );
    const [dropInput, chooseInput] = [...document.querySelectorAll<HTMLInputElement>('input[type=file]')];
    expect(dropInput?.getAttribute('aria-hidden')).toBe('true');
    expect(dropInput?.tabIndex).toBe(-1);
    expect(chooseInput?.getAttribute('aria-hidden')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeTruthy();
    // The chooser offers the accepted types by type and by extension, as the domain lists them
    // (acceptedFiles): a system that types no file still shows the PDF, JPEG and PNG files.
    expect(chooseInput?.getAttribute('accept')).toBe(
      'application/pdf,.pdf,image/jpeg,.jpg,.jpeg,image/png,.png',
    );
  });

  it('refuses a file that is not PDF, JPEG or PNG without sending it, naming the file', async () => {
    const xhr = installFakeXhr();
    renderComponent(<DocumentUploader name="upload" types={['diploma']} />);
    chooseFile(new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(
      await findAlert('“setup.exe”: File type not accepted: upload a PDF, JPEG or PNG file'),
    ).toBeTruthy();
    expect(xhr.sent).toHaveLength(0);
  });

  it('sends a PDF its system declared no type for: the API judges a file by its name and content', async () => {
    const xhr = installFakeXhr();
    renderComponent(<DocumentUploader name="upload" types={['diploma']} defaultType="diploma" />);
    chooseFile(new File(['%PDF'], 'Diploma.PDF', { type: '' }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect((xhr.sent[0]?.field('file') as File).name).toBe('Diploma.PDF');
  });

  it('refuses a file whose name says no accepted type, whatever type its system declared', async () => {
    const xhr = installFakeXhr();
    renderComponent(<DocumentUploader name="upload" types={['diploma']} defaultType="diploma" />);
    chooseFile(new File(['%PDF'], 'scan', { type: 'application/pdf' }));
    expect(await findAlert('“scan”: File type not accepted: upload a PDF, JPEG or PNG file')).toBeTruthy();
    expect(xhr.sent).toHaveLength(0);
  });

  it('asks which document an additional one is before sending it', async () => {
    const xhr = installFakeXhr();
    renderComponent(
      <DocumentUploader name="upload" types={['diploma', 'additional']} defaultType="additional" />,
    );
    chooseFile(new File(['%PDF'], 'internship.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(xhr.sent).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/^Which document is it\?/), 'Certificate of internship');
    chooseFile(new File(['%PDF'], 'internship.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect(xhr.sent[0]?.field('additional_type')).toBe('Certificate of internship');
  });

  it('keeps a file chosen before saying which document it is, and sends it once said, or forgets it when removed', async () => {
    const xhr = installFakeXhr();
    const onPendingChange = vi.fn();
    renderComponent(
      <DocumentUploader
        name="upload"
        types={['diploma', 'additional']}
        defaultType="additional"
        isOptional
        onPendingChange={onPendingChange}
      />,
    );
    chooseFile(new File(['%PDF'], 'internship.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText(
        '“internship.pdf” is chosen but not attached yet: fill in the fields above, then send it.',
      ),
    ).toBeTruthy();
    expect(xhr.sent).toHaveLength(0);
    expect(onPendingChange).toHaveBeenLastCalledWith({ name: 'internship.pdf', reason: 'undescribed' });

    // Sent without the fields, it is still kept.
    await userEvent.click(screen.getByRole('button', { name: 'Send “internship.pdf”' }));
    expect(screen.getByRole('button', { name: 'Send “internship.pdf”' })).toBeTruthy();
    expect(xhr.sent).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/^Which document is it\?/), 'Certificate of internship');
    await userEvent.click(screen.getByRole('button', { name: 'Send “internship.pdf”' }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect(xhr.sent[0]?.field('additional_type')).toBe('Certificate of internship');
    expect((xhr.sent[0]?.field('file') as File).name).toBe('internship.pdf');
    expect(onPendingChange).toHaveBeenLastCalledWith({ name: 'internship.pdf', reason: 'sending' });
    xhr.sent[0]?.respond(201, { data: { ...uploaded, type: 'additional', file_name: 'internship.pdf' } });
    await waitFor(() => expect(onPendingChange).toHaveBeenLastCalledWith(null));
    expect(screen.queryByRole('button', { name: 'Send “internship.pdf”' })).toBeNull();

    chooseFile(new File(['%PDF'], 'other.pdf', { type: 'application/pdf' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove “other.pdf”' }));
    expect(screen.queryByText(/“other.pdf”/)).toBeNull();
    expect(onPendingChange).toHaveBeenLastCalledWith(null);
    expect(xhr.sent).toHaveLength(1);
  });

  it("shows the API's refusal of a file whose content is not what its name says, naming the file", async () => {
    installFakeXhr((request) =>
      request.respond(422, {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid.',
        errors: {
          file: [
            '“renamed.pdf” is not a readable PDF file, or it is cut short: save or export it again, and upload that',
          ],
        },
      }),
    );
    renderComponent(<DocumentUploader name="upload" types={['diploma']} />);
    chooseFile(new File(['MZ'], 'renamed.pdf', { type: 'application/pdf' }));
    // The API's words for a damaged file, which name it already: not named twice.
    expect(
      await findAlert(
        '“renamed.pdf” is not a readable PDF file, or it is cut short: save or export it again, and upload that',
      ),
    ).toBeTruthy();
    // A refused file is not offered again: sent again, it would be refused again.
    expect(screen.queryByRole('button', { name: /again/ })).toBeNull();
  });

  it('shows a refusal that already names the file once, without naming it again', async () => {
    const refusal =
      '“scan.pdf” holds scripts, embedded files or other active content, which are not accepted: print it to a new PDF or scan the paper copy, and upload that';
    installFakeXhr((request) =>
      request.respond(422, {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid.',
        errors: { file: [refusal] },
      }),
    );
    renderComponent(<DocumentUploader name="upload" types={['diploma']} />);
    chooseFile(new File(['%PDF-'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await findAlert(refusal)).toBeTruthy();
  });

  it('offers to send a file again when its upload got no answer, as the same upload (decision 101)', async () => {
    let answers = 0;
    const xhr = installFakeXhr((request) => {
      answers += 1;
      if (answers === 1) request.fail();
      else request.respond(201, { data: uploaded });
    });
    renderComponent(<DocumentUploader name="upload" practiceId={7} types={['diploma']} />);
    chooseFile(new File(['%PDF'], 'diploma.pdf', { type: 'application/pdf' }));
    expect(
      await findAlert(
        '“diploma.pdf”: An error occurred. Try again later or contact your system administrator',
      ),
    ).toBeTruthy();

    await userEvent.click(await screen.findByRole('button', { name: 'Send “diploma.pdf” again' }));
    expect(await screen.findByText('Document added')).toBeTruthy();
    expect(xhr.sent).toHaveLength(2);
    expect(xhr.sent[1]?.field('upload_id')).toBe(xhr.sent[0]?.field('upload_id'));
    expect(xhr.sent[0]?.field('upload_id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByRole('button', { name: /again/ })).toBeNull();
  });

  it('sends the same file again when it is chosen again (one PDF holding two documents, a file deleted and chosen anew)', async () => {
    const xhr = installFakeXhr();
    renderComponent(
      <DocumentUploader
        name="upload"
        practiceId={7}
        types={['diploma', 'transcript_of_records']}
        defaultType="diploma"
      />,
    );
    const file = new File(['%PDF'], 'diploma.pdf', { type: 'application/pdf' });
    const input = [...document.querySelectorAll<HTMLInputElement>('input[type=file]')].at(-1);
    if (!input) throw new Error('no file input');
    // user-event, as a browser, fires no change when the file chosen is the one the input holds.
    await userEvent.upload(input, file);
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    xhr.sent[0]?.respond(201, { data: uploaded });
    expect(await screen.findByText('Document added')).toBeTruthy();

    await userEvent.upload(input, file);
    await waitFor(() => expect(xhr.sent).toHaveLength(2));
    expect((xhr.sent[1]?.field('file') as File).name).toBe('diploma.pdf');
  });

  it('keeps the type the user picked when the next missing document, offered as the default, changes afterwards', async () => {
    const xhr = installFakeXhr();
    // The page's list of missing documents is read again after an upload, and may arrive after the
    // user has already picked the next file's type.
    function WithMissingList() {
      const [missing, setMissing] = useState<'diploma' | 'transcript_of_records'>('diploma');
      return (
        <>
          <button type="button" onClick={() => setMissing('transcript_of_records')}>
            list read again
          </button>
          <DocumentUploader
            name="upload"
            practiceId={7}
            types={['diploma', 'transcript_of_records', 'translation']}
            defaultType={missing}
          />
        </>
      );
    }
    renderComponent(<WithMissingList />);
    chooseFile(new File(['%PDF'], 'diploma.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    xhr.sent[0]?.respond(201, { data: uploaded });
    expect(await screen.findByText('Document added')).toBeTruthy();

    await userEvent.click(screen.getByLabelText(/^Document type/, { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Translation' }));
    await userEvent.click(screen.getByRole('button', { name: 'list read again' }));
    expect(screen.getByLabelText<HTMLInputElement>(/^Document type/, { selector: 'input' }).value).toBe(
      'Translation',
    );

    chooseFile(new File(['%PDF'], 'translation.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(xhr.sent).toHaveLength(2));
    expect(xhr.sent[1]?.field('type')).toBe('translation');
  });
});
