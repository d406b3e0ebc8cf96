import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { supportingDocumentMessages, type Attachment } from '@muster/contract';
import { buildTestFormSection } from '@muster/contract/testing';
import { axeViolations } from '../../../../lib/testing/axe';
import { emptyValues, type ApplicationFormValues } from '../../form-values';
import { bodyContextFixture, sectionsFixture, validationContextFixture } from '../../test-fixtures';
import { validateApplication } from '../../validation';
import type { StepProps } from '../step-props';
import { apiResponse, renderStep, stepProps } from '../test-support';
import { supportingDocumentsBody } from './body';
import { SupportingDocumentsStep } from './supporting-documents-step';

const section = buildTestFormSection('supporting-documents', {
  id: 5,
  position: 1,
  name: 'Supporting documents',
  documents: [
    { id: 7, name: 'Photo ID' },
    { id: 8, name: 'Proof of address' },
  ],
});

/**
 * A stand-in for XMLHttpRequest that the test answers by hand: it records what was sent and
 * lets the test report upload progress, answer, or fail.
 */
class FakeXhr {
  static sent: FakeXhr[] = [];
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  method = '';
  url = '';
  body: unknown = null;
  status = 0;
  responseText = '';

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.events.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }),
    );
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }
}

function stored(name: string, size: number, id = `file-${name}`): Attachment {
  return { id, url: `/api/files/${id}`, original_name: name, file_size: size, type: 'application/pdf' };
}

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () =>
      apiResponse({
        data: {
          data: [
            { mime: 'application/pdf', extension: 'pdf', kind: 'PDF' },
            { mime: 'image/png', extension: 'png', kind: 'Image' },
          ],
        },
      }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderDocuments(
  options: {
    values?: Partial<ApplicationFormValues>;
    onUploadingChange?: StepProps['onUploadingChange'];
  } = {},
) {
  const props = stepProps(section, {
    sections: [sectionsFixture[0]!, section],
    stepIndex: 1,
    ...(options.onUploadingChange ? { onUploadingChange: options.onUploadingChange } : {}),
  });
  return renderStep(
    <main>
      <SupportingDocumentsStep {...props} />
    </main>,
    { values: options.values ?? {} },
  );
}

describe('SupportingDocumentsStep', () => {
  it('shows one labelled, required file input per document, accepting the types of the file types index', async () => {
    renderDocuments();
    const photo = screen.getByLabelText(/^Photo ID/);
    const proof = screen.getByLabelText(/^Proof of address/);
    for (const input of [photo, proof]) {
      expect(input).toHaveAttribute('type', 'file');
      expect(input).toBeRequired();
      expect(input).toBeEnabled();
      expect(input).not.toHaveAttribute('multiple');
    }
    expect(photo).toHaveAccessibleName('Photo ID (required)');
    expect(screen.getAllByLabelText(/./, { selector: 'input[type="file"]' })).toHaveLength(2);
    await waitFor(() => expect(photo).toHaveAttribute('accept', 'application/pdf,.pdf,image/png,.png'));
    const urls = vi
      .mocked(fetch)
      .mock.calls.map(([input]) =>
        input instanceof Request ? input.url : input instanceof URL ? input.href : input,
      );
    expect(urls).toEqual([expect.stringMatching(/\/api\/files\/types$/)]);
  });

  it('disables a document supplied before, saying so, and asks for the others', () => {
    renderDocuments({ values: { documents: [{ documentId: 7 }] } });
    const photo = screen.getByLabelText(/^Photo ID/);
    expect(photo).toBeDisabled();
    expect(photo).not.toBeRequired();
    expect(photo).toHaveAccessibleDescription(supportingDocumentMessages.alreadySupplied);
    expect(screen.getByText('This document has already been supplied')).toBeInTheDocument();
    const proof = screen.getByLabelText(/^Proof of address/);
    expect(proof).toBeEnabled();
    expect(proof).toBeRequired();
    expect(screen.getAllByText(supportingDocumentMessages.alreadySupplied)).toHaveLength(1);
  });

  it('uploads a chosen file at once with its progress shown, and the form waits until it has arrived', async () => {
    const user = userEvent.setup();
    const onUploadingChange = vi.fn();
    const { form } = renderDocuments({ onUploadingChange });
    const photo = screen.getByLabelText(/^Photo ID/);
    await user.upload(photo, pdf('passport.pdf'));

    const [request] = FakeXhr.sent;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/files?ephemeral=1');
    expect(request?.body).toBeInstanceOf(FormData);
    expect(((request?.body as FormData).get('file') as File).name).toBe('passport.pdf');
    expect(onUploadingChange).toHaveBeenLastCalledWith('supportingDocuments.7', true);
    expect(photo).toBeDisabled();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Uploading passport.pdf');

    act(() => request?.progress(512, 2048));
    const bar = screen.getByRole('progressbar', { name: 'Uploading passport.pdf' });
    expect(bar).toHaveAttribute('value', '512');
    expect(bar).toHaveAttribute('max', '2048');

    await act(async () => request?.respond(201, { data: { data: stored('passport.pdf', 2048) } }));
    // The answer is read after the load event, which may settle after act's flush on a busy machine.
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(onUploadingChange).toHaveBeenLastCalledWith('supportingDocuments.7', false);
    expect(screen.getByRole('link', { name: /passport\.pdf/ })).toHaveAttribute(
      'href',
      '/api/files/file-passport.pdf',
    );
    expect(screen.getByText('(2.00 KB)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove passport.pdf' })).toBeEnabled();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('passport.pdf uploaded');
    expect(photo).toBeEnabled();
    expect(form().getValues('supportingDocuments.7')).toEqual(stored('passport.pdf', 2048));
  });

  it('shows a size above 1024 KB in MB', () => {
    renderDocuments({ values: { supportingDocuments: { 8: stored('statement.pdf', 3 * 1024 * 1024) } } });
    expect(screen.getByText('(3.00 MB)')).toBeInTheDocument();
  });

  it('removes a chosen file, returning focus to its input', async () => {
    const user = userEvent.setup();
    const { form } = renderDocuments({
      values: { supportingDocuments: { 7: stored('passport.pdf', 1024) } },
    });
    await user.click(screen.getByRole('button', { name: 'Remove passport.pdf' }));
    expect(screen.queryByRole('link', { name: /passport\.pdf/ })).not.toBeInTheDocument();
    expect(form().getValues('supportingDocuments.7')).toBeNull();
    expect(screen.getByLabelText(/^Photo ID/)).toHaveFocus();
  });

  it('only logs a failed upload: the field claims nothing and the form stops waiting', async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onUploadingChange = vi.fn();
    const { form } = renderDocuments({ onUploadingChange });
    await user.upload(screen.getByLabelText(/^Photo ID/), pdf('passport.pdf'));
    await act(async () =>
      FakeXhr.sent[0]?.respond(415, { message: 'This type of file is not accepted.', errors: {} }),
    );
    expect(log).toHaveBeenCalledWith('File upload failed', expect.objectContaining({ status: 415 }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText(/passport\.pdf/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(form().getValues('supportingDocuments.7')).toBeUndefined();
    expect(onUploadingChange).toHaveBeenLastCalledWith('supportingDocuments.7', false);
  });

  it('stops the form waiting when the step goes away mid-upload', async () => {
    const user = userEvent.setup();
    const onUploadingChange = vi.fn();
    const { unmount } = renderDocuments({ onUploadingChange });
    await user.upload(screen.getByLabelText(/^Photo ID/), pdf('passport.pdf'));
    expect(onUploadingChange).toHaveBeenLastCalledWith('supportingDocuments.7', true);
    unmount();
    expect(onUploadingChange).toHaveBeenLastCalledWith('supportingDocuments.7', false);
  });

  it('shows a document’s error next to it, tied to its input', async () => {
    const { form } = renderDocuments();
    act(() =>
      form().setError('supportingDocuments.8', { type: 'validate', message: 'Please select a file' }),
    );
    const proof = await screen.findByLabelText(/^Proof of address/);
    expect(proof).toHaveAttribute('aria-invalid', 'true');
    expect(proof).toHaveAccessibleDescription('Error: Please select a file');
    expect(screen.getByLabelText(/^Photo ID/)).not.toHaveAttribute('aria-invalid');
  });

  it('has no accessibility violations empty, with errors, supplied and filled', async () => {
    const empty = renderDocuments();
    await waitFor(() => expect(screen.getByLabelText(/^Photo ID/)).toHaveAttribute('accept'));
    expect(await axeViolations(empty.container)).toEqual([]);

    act(() => {
      empty.form().setError('supportingDocuments.7', { type: 'validate', message: 'Please select a file' });
      empty.form().setError('supportingDocuments.8', { type: 'validate', message: 'Please select a file' });
    });
    await screen.findAllByText('Please select a file');
    expect(await axeViolations(empty.container)).toEqual([]);
    empty.unmount();

    const filled = renderDocuments({
      values: { documents: [{ documentId: 7 }], supportingDocuments: { 8: stored('statement.pdf', 4096) } },
    });
    expect(await axeViolations(filled.container)).toEqual([]);
  }, 60_000);
});

describe('the supporting-documents body and rules', () => {
  const context = bodyContextFixture([section]);

  it('sends `supportingDocuments` as {documentId, file id} per uploaded document, never a supplied one', () => {
    const values = {
      ...emptyValues(),
      supportingDocuments: {
        7: stored('passport.pdf', 10, 'uuid-7'),
        8: stored('bill.pdf', 10, 'uuid-8'),
        99: stored('x', 1),
      },
    };
    expect(supportingDocumentsBody(section, values, context)).toEqual({
      supportingDocuments: [
        { documentId: 7, file: 'uuid-7' },
        { documentId: 8, file: 'uuid-8' },
      ],
    });
    expect(
      supportingDocumentsBody(
        section,
        { ...values, documents: [{ documentId: 7 }], supportingDocuments: { 8: null } },
        context,
      ),
    ).toEqual({ supportingDocuments: [] });
  });

  it('requires every document not supplied before, with the contract’s message', () => {
    const validation = validationContextFixture(context, { existingApplicant: true });
    const messages = validateApplication(emptyValues(), validation, 0);
    expect(messages.get('supportingDocuments.7')).toBe('Please select a file');
    expect(messages.get('supportingDocuments.8')).toBe('Please select a file');

    const supplied = validateApplication({ ...emptyValues(), documents: [{ documentId: 7 }] }, validation, 0);
    expect(supplied.has('supportingDocuments.7')).toBe(false);
    expect(supplied.get('supportingDocuments.8')).toBe('Please select a file');

    const given = validateApplication(
      {
        ...emptyValues(),
        documents: [{ documentId: 7 }],
        supportingDocuments: { 8: stored('bill.pdf', 10, 'c0ffee00-0000-4000-8000-000000000008') },
      },
      validation,
      0,
    );
    expect([...given.keys()].filter((key) => key.startsWith('supportingDocuments'))).toEqual([]);
  });
});
