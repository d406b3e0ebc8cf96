import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CUSTOM_FIELD_TYPES,
  validateCustomFieldValue,
  type Attachment,
  type CustomFieldOption,
} from '@muster/contract';
import { CustomField, type CustomFieldDefinition, type CustomFieldProps } from './custom-field';
import type { UploadOptions, Uploader } from './upload-file';

/** A controlled field that prints the value it was given. */
function Harness({ field, ...rest }: Omit<CustomFieldProps, 'field'> & { field: CustomFieldDefinition }) {
  const [value, setValue] = useState<unknown>(field.value);
  return (
    <>
      <CustomField {...rest} field={{ ...field, value }} onChange={(next) => setValue(next)} />
      <output data-testid="value">{JSON.stringify(value ?? null)}</output>
    </>
  );
}

const shown = (): unknown => JSON.parse(screen.getByTestId('value').textContent ?? 'null');
const field = (type: string, extra: Partial<CustomFieldDefinition> = {}): CustomFieldDefinition => ({
  type,
  name: 'Answer',
  slug: 'answer',
  ...extra,
});
const options: CustomFieldOption[] = [
  { value: 'c', display: 'Third', position: 3 },
  { value: 'a', display: 'First', position: 1 },
  { value: 'b', display: 'Second', position: 2 },
];
const pdf: Attachment = {
  id: 'f1',
  url: '/api/files/f1',
  original_name: 'cv.pdf',
  file_size: 2048,
  type: 'application/pdf',
};
const big: Attachment = {
  id: 'f2',
  url: '/api/files/f2',
  name: 'video.mp4',
  size: 3 * 1024 * 1024,
  type: 'video/mp4',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('CustomField: every type', () => {
  for (const type of CUSTOM_FIELD_TYPES) {
    it(`${type}: edit mode offers a control under the field name`, async () => {
      render(<CustomField field={field(type, { name: `My ${type}` })} />);
      // Some controls (html, telephone) load their code when first shown.
      await waitFor(() => {
        const named =
          screen.queryAllByRole('group', { name: new RegExp(`My ${type}`) }).length +
          screen.queryAllByLabelText(new RegExp(`My ${type}`)).length;
        expect(named).toBeGreaterThan(0);
      });
    });

    it(`${type}: display mode says "Not set" when empty`, () => {
      render(
        <CustomField
          mode="display"
          field={field(type, { value: type === 'checkboxes' || type === 'files' ? [] : null })}
        />,
      );
      expect(screen.getByRole('definition')).toHaveTextContent('Not set');
      expect(screen.getByRole('term')).toHaveTextContent('Answer');
    });
  }

  it('shows an unknown type as plain text, even in edit mode', () => {
    render(<CustomField field={field('colour', { value: 'Teal' })} />);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('definition')).toHaveTextContent('Teal');
  });
});

describe('CustomField: display mode', () => {
  const display = (type: string, value: unknown, props: Partial<CustomFieldProps> = {}) => {
    render(<CustomField mode="display" field={field(type, { value, options })} {...props} />);
    return screen.getByRole('definition');
  };

  it('shows dates as DD/MM/YYYY', () => {
    expect(display('date', '2024-11-27')).toHaveTextContent('27/11/2024');
  });

  it("shows datetimes in the organisation's format, DD/MM/YYYY HH:mm by default", () => {
    expect(display('datetime', '2024-11-27 18:05')).toHaveTextContent('27/11/2024 18:05');
  });

  it("uses the organisation's date format for datetimes", () => {
    expect(
      display('datetime', '2024-11-27 18:05', { organisation: { date_format: 'YYYY.MM.DD' } }),
    ).toHaveTextContent('2024.11.27 18:05');
  });

  it('shows money with £ and two decimals by default, or the organisation symbol', () => {
    expect(display('currency', 7.5)).toHaveTextContent('£7.50');
  });

  it("shows money with the organisation's symbol", () => {
    expect(display('currency', 7.5, { organisation: { currency_symbol: '$' } })).toHaveTextContent('$7.50');
  });

  it('opens links in a new tab, with http:// added when missing', () => {
    const link = within(display('link', 'example.org/about')).getByRole('link');
    expect(link).toHaveAttribute('href', 'http://example.org/about');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('keeps https links as they are', () => {
    expect(within(display('link', 'https://example.org')).getByRole('link')).toHaveAttribute(
      'href',
      'https://example.org',
    );
  });

  it('renders html and Markdown sanitised', async () => {
    const value = display('html', '**Hi** <img src="x.png" onerror="alert(1)"><script>alert(2)</script>');
    // The renderer loads when an html value is first shown.
    expect(await within(value).findByText('Hi', { selector: 'strong' })).toBeInTheDocument();
    expect(value.innerHTML).not.toContain('onerror');
    expect(value.querySelector('script')).toBeNull();
  });

  it('shows booleans as Yes and No', () => {
    expect(display('boolean', false)).toHaveTextContent('No');
  });

  it('shows the chosen option by its display text', () => {
    expect(display('dropdown', 'b')).toHaveTextContent('Second');
  });

  it('lists ticked checkboxes in option order', () => {
    const items = within(display('checkboxes', ['c', 'a'])).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['First', 'Third']);
  });

  it('shows a date range', () => {
    expect(display('startenddate', { start: '2025-06-01', end: '2025-06-14' })).toHaveTextContent(
      '01/06/2025 to 14/06/2025',
    );
  });

  it('lists files with their size in KB, or MB above 1024 KB', () => {
    const value = display('files', [pdf, big]);
    expect(value).toHaveTextContent(/cv\.pdf.*\(2\.00 KB\)/);
    expect(value).toHaveTextContent(/video\.mp4.*\(3\.00 MB\)/);
    expect(within(value).getByRole('link', { name: /cv\.pdf/ })).toHaveAttribute('href', '/api/files/f1');
    expect(within(value).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a photo thumbnail', () => {
    const photo = {
      id: 'p',
      url: '/api/files/p',
      original_name: 'me.png',
      type: 'image/png',
      thumbnails: { thumb: '/t/p.png' },
    };
    expect(display('photo', photo).querySelector('img')).toHaveAttribute('src', '/t/p.png');
  });
});

describe('CustomField: editing', () => {
  it('marks a compulsory field with an asterisk and a hidden "required"', () => {
    render(<CustomField field={field('text', { compulsory: true })} />);
    const box = screen.getByRole('textbox', { name: 'Answer required' });
    expect(box).toHaveAttribute('aria-required', 'true');
    expect(box.closest('.custom-field')?.querySelector('[aria-hidden="true"]')).toHaveTextContent('*');
  });

  it('shows the error next to the field', () => {
    render(<CustomField field={field('email')} error="Please provide a valid email address" />);
    const box = screen.getByRole('textbox', { name: 'Answer' });
    expect(box).toHaveAccessibleDescription('Error: Please provide a valid email address');
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the error of a group of choices', () => {
    render(<CustomField field={field('radio', { options })} error="Please select an option" />);
    expect(screen.getByRole('group', { name: 'Answer' })).toHaveAccessibleDescription(
      'Error: Please select an option',
    );
  });

  it('emits typed text', async () => {
    const user = userEvent.setup();
    render(<Harness field={field('text')} />);
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), 'Hello');
    expect(shown()).toBe('Hello');
  });

  it('steps money by 0.01, decimals by 0.1 and integers by 1, and emits numbers', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness field={field('currency')} />);
    const money = screen.getByRole('spinbutton', { name: 'Answer' });
    expect(money).toHaveAttribute('step', '0.01');
    expect(money).toHaveAccessibleDescription('£');
    await user.type(money, '12.5');
    expect(shown()).toBe(12.5);
    unmount();
    const { unmount: unmountDecimal } = render(<CustomField field={field('decimal')} />);
    expect(screen.getByRole('spinbutton')).toHaveAttribute('step', '0.1');
    unmountDecimal();
    render(<Harness field={field('integer')} />);
    expect(screen.getByRole('spinbutton')).toHaveAttribute('step', '1');
    await user.type(screen.getByRole('spinbutton'), '42');
    expect(shown()).toBe(42);
    await user.clear(screen.getByRole('spinbutton'));
    expect(shown()).toBeNull();
  });

  it("shows the organisation's currency symbol by the amount", () => {
    render(<CustomField field={field('currency')} organisation={{ currency_symbol: '€' }} />);
    expect(screen.getByRole('spinbutton')).toHaveAccessibleDescription('€');
  });

  it('answers Yes or No for a boolean', async () => {
    const user = userEvent.setup();
    render(<Harness field={field('boolean')} />);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(shown()).toBe(false);
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(shown()).toBe(true);
  });

  it('lists options by position and emits the option value', async () => {
    const user = userEvent.setup();
    render(<Harness field={field('dropdown', { options })} />);
    const select = screen.getByRole('combobox', { name: 'Answer' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Please select', 'First', 'Second', 'Third']);
    await user.selectOptions(select, 'Second');
    expect(shown()).toBe('b');
    await user.selectOptions(select, 'Please select');
    expect(shown()).toBeNull();
  });

  it('keeps numeric option values numbers', async () => {
    const user = userEvent.setup();
    render(<Harness field={field('radio', { options: [{ value: 5, display: 'Five', position: 1 }] })} />);
    await user.click(screen.getByRole('radio', { name: 'Five' }));
    expect(shown()).toBe(5);
  });

  it('ticks checkboxes, keeping the values in option order', async () => {
    const user = userEvent.setup();
    render(<Harness field={field('checkboxes', { options })} />);
    expect(screen.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
      'First',
      'Second',
      'Third',
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'Third' }));
    await user.click(screen.getByRole('checkbox', { name: 'First' }));
    expect(shown()).toEqual(['a', 'c']);
    await user.click(screen.getByRole('checkbox', { name: 'Third' }));
    expect(shown()).toEqual(['a']);
  });

  describe('default_selected', () => {
    const withDefaults: CustomFieldOption[] = [
      { value: 'a', display: 'First', position: 1 },
      { value: 'b', display: 'Second', position: 2, default_selected: true },
      { value: 'c', display: 'Third', position: 3, default_selected: true },
    ];

    it('preselects the default while the value is empty', () => {
      render(<Harness field={field('radio', { options: withDefaults })} />);
      expect(screen.getByRole('radio', { name: 'Second' })).toBeChecked();
      expect(shown()).toBe('b');
    });

    it('preselects every default checkbox', () => {
      render(<Harness field={field('checkboxes', { options: withDefaults, value: [] })} />);
      expect(shown()).toEqual(['b', 'c']);
    });

    it('leaves a value alone', () => {
      render(<Harness field={field('dropdown', { options: withDefaults, value: 'a' })} />);
      expect(screen.getByRole('combobox')).toHaveValue('a');
      expect(shown()).toBe('a');
    });

    it('lets the user clear a preselected choice', async () => {
      const user = userEvent.setup();
      render(<Harness field={field('dropdown', { options: withDefaults })} />);
      await user.selectOptions(screen.getByRole('combobox'), 'Please select');
      expect(shown()).toBeNull();
      expect(screen.getByRole('combobox')).toHaveValue('');
    });

    it('changes nothing on a read-only field', () => {
      render(<Harness field={field('radio', { options: withDefaults, permission: 'read-only' })} />);
      expect(shown()).toBeNull();
    });
  });

  it('stores a datetime as YYYY-MM-DD HH:mm', () => {
    render(<Harness field={field('datetime')} />);
    fireEvent.change(screen.getByLabelText('Answer'), { target: { value: '2024-11-27T18:05' } });
    expect(shown()).toBe('2024-11-27 18:05');
  });

  it('shows a stored datetime in the box', () => {
    render(<CustomField field={field('datetime', { value: '2024-11-27 18:05' })} />);
    expect(screen.getByLabelText('Answer')).toHaveValue('2024-11-27T18:05');
  });

  it('takes a date through the date input', async () => {
    const user = userEvent.setup();
    render(<Harness field={field('date')} />);
    await user.type(screen.getByRole('textbox', { name: 'Day' }), '27');
    await user.type(screen.getByRole('textbox', { name: 'Month' }), '11');
    await user.type(screen.getByRole('textbox', { name: 'Year' }), '1989');
    expect(shown()).toBe('1989-11-27');
  });

  it('takes a start and an end date, each null until complete', async () => {
    const user = userEvent.setup();
    render(<Harness field={field('startenddate')} />);
    const start = screen.getByRole('group', { name: 'Start date' });
    await user.type(within(start).getByRole('textbox', { name: 'Day' }), '01');
    await user.type(within(start).getByRole('textbox', { name: 'Month' }), '06');
    await user.type(within(start).getByRole('textbox', { name: 'Year' }), '2025');
    expect(shown()).toEqual({ start: '2025-06-01', end: null });
    const end = screen.getByRole('group', { name: 'End date' });
    await user.type(within(end).getByRole('textbox', { name: 'Day' }), '14');
    await user.type(within(end).getByRole('textbox', { name: 'Month' }), '06');
    await user.type(within(end).getByRole('textbox', { name: 'Year' }), '2025');
    expect(shown()).toEqual({ start: '2025-06-01', end: '2025-06-14' });
  });

  it('edits html with the Markdown editor', async () => {
    const user = userEvent.setup();
    render(<Harness field={field('html', { value: 'hi' })} />);
    const box = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Answer' });
    box.focus();
    box.setSelectionRange(0, 2);
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(shown()).toBe('**hi**');
  });

  describe('without write permission', () => {
    it('makes text boxes read-only and choices disabled', async () => {
      const user = userEvent.setup();
      render(<Harness field={field('text', { value: 'fixed', permission: 'read-only' })} />);
      const box = screen.getByRole('textbox', { name: 'Answer' });
      expect(box).toHaveAttribute('readonly');
      await user.type(box, 'more');
      expect(shown()).toBe('fixed');
    });

    it('disables radios, checkboxes and selects', () => {
      const { unmount } = render(
        <CustomField field={field('radio', { options, permission: 'read-only' })} />,
      );
      for (const radio of screen.getAllByRole('radio')) {
        expect(radio).toBeDisabled();
      }
      unmount();
      render(<CustomField field={field('dropdown', { options, permission: 'read-only' })} />);
      expect(screen.getByRole('combobox')).toBeDisabled();
    });

    it('offers no upload and no remove buttons for files', () => {
      render(<CustomField field={field('files', { value: [pdf], permission: 'read-only' })} />);
      expect(screen.getByRole('link', { name: /cv\.pdf/ })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Choose files')).not.toBeInTheDocument();
    });
  });

  it('cannot be changed while busy', async () => {
    const user = userEvent.setup();
    render(<Harness field={field('text', { value: 'saving' })} busy />);
    const box = screen.getByRole('textbox', { name: 'Answer' });
    expect(box.closest('[aria-busy="true"]')).not.toBeNull();
    await user.type(box, 'more');
    expect(shown()).toBe('saving');
  });
});

describe('CustomField: telephone', { timeout: 20_000 }, () => {
  /** The check the application form runs in the browser: the contract's, without libphonenumber. */
  const browserCheck = (value: unknown) =>
    validateCustomFieldValue(field('telephone'), value, { host: 'www.example.org' });

  it('takes a national number of the default region (GB) and emits it in E.164, which the form accepts', async () => {
    const user = userEvent.setup();
    render(<Harness field={field('telephone')} />);
    await screen.findByRole('button', { name: 'Country code: United Kingdom +44' });
    const box = screen.getByRole('textbox', { name: 'Answer' });
    await user.type(box, '07911 123456');
    // The box keeps what the person typed; the value is the E.164 form (applicant-flow §9).
    expect(box).toHaveValue('07911 123456');
    expect(shown()).toBe('+447911123456');
    expect(browserCheck(shown())).toBeNull();
  });

  it("reads national numbers in the opportunity's default region", async () => {
    const user = userEvent.setup();
    render(<Harness field={field('telephone')} defaultPhoneRegion="IE" />);
    await screen.findByRole('button', { name: 'Country code: Ireland +353' });
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), '085 123 4567');
    expect(shown()).toBe('+353851234567');
    expect(browserCheck(shown())).toBeNull();
  });

  it('still takes the international form', async () => {
    const user = userEvent.setup();
    render(<Harness field={field('telephone')} />);
    await screen.findByRole('button', { name: /^Country code/ });
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), '+44 7911 123456');
    expect(shown()).toBe('+447911123456');
  });

  it('emits an invalid number as typed, so the form says it is not a valid telephone number', async () => {
    const user = userEvent.setup();
    render(<Harness field={field('telephone')} />);
    await screen.findByRole('button', { name: /^Country code/ });
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), '07911 12');
    expect(shown()).toBe('07911 12');
    expect(browserCheck(shown())).toBe('Please enter a valid telephone number');
  });

  it('emits null once the box is emptied', async () => {
    const user = userEvent.setup();
    render(<Harness field={field('telephone', { value: '+447911123456' })} />);
    await screen.findByRole('button', { name: /^Country code/ });
    const box = screen.getByRole('textbox', { name: 'Answer' });
    expect(box).toHaveValue('+447911123456');
    await user.clear(box);
    expect(shown()).toBeNull();
  });

  it('shows a value set from outside (a prefilled answer)', async () => {
    const { rerender } = render(<CustomField field={field('telephone', { value: '' })} />);
    await screen.findByRole('button', { name: /^Country code/ });
    rerender(<CustomField field={field('telephone', { value: '+447911123456' })} />);
    expect(screen.getByRole('textbox', { name: 'Answer' })).toHaveValue('+447911123456');
  });

  it('ties the error to the box and cannot be changed without write permission', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        field={field('telephone', { value: '+447911123456', permission: 'read-only' })}
        error="Please enter a valid telephone number"
      />,
    );
    await screen.findByRole('button', { name: /^Country code/ });
    const box = screen.getByRole('textbox', { name: 'Answer' });
    expect(box).toHaveAccessibleDescription('Error: Please enter a valid telephone number');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAttribute('readonly');
    await user.type(box, '9');
    expect(shown()).toBe('+447911123456');
  });
});

describe('CustomField: files', () => {
  type Pending = {
    file: File;
    options: UploadOptions;
    resolve: (attachment: Attachment) => void;
    reject: (error: unknown) => void;
  };

  /** An uploader the test finishes by hand. */
  function manualUploader() {
    const pending: Pending[] = [];
    const uploader: Uploader = (file, options) =>
      new Promise<Attachment>((resolve, reject) => {
        pending.push({ file, options, resolve, reject });
      });
    return { uploader, pending };
  }

  const stored = (name: string, id = name): Attachment => ({
    id,
    url: `/api/files/${id}`,
    original_name: name,
    file_size: 1024,
    type: name.endsWith('.png') ? 'image/png' : 'application/pdf',
  });
  const pdfFile = (name = 'cv.pdf') => new File(['%PDF'], name, { type: 'application/pdf' });

  it('uploads chosen files with a progress bar each, busy until the last one ends', async () => {
    const user = userEvent.setup();
    const { uploader, pending } = manualUploader();
    const onUploadingChange = vi.fn();
    render(
      <Harness
        field={field('files', { value: [pdf] })}
        uploader={uploader}
        onUploadingChange={onUploadingChange}
      />,
    );
    await user.upload(screen.getByLabelText('Choose files'), [pdfFile('a.pdf'), pdfFile('b.pdf')]);
    expect(pending).toHaveLength(2);
    expect(onUploadingChange).toHaveBeenLastCalledWith(true);
    const group = screen.getByRole('group', { name: 'Answer' });
    expect(group.querySelector('[aria-busy="true"]')).not.toBeNull();
    act(() => pending[0]?.options.onProgress?.({ loaded: 2, total: 4 }));
    const bar = screen.getByRole('progressbar', { name: 'Uploading a.pdf' });
    expect(bar).toHaveAttribute('value', '2');
    expect(bar).toHaveAttribute('max', '4');
    expect(screen.getByRole('progressbar', { name: 'Uploading b.pdf' })).toBeInTheDocument();

    await act(async () => pending[1]?.resolve(stored('b.pdf')));
    await act(async () => pending[0]?.resolve(stored('a.pdf')));
    expect((shown() as Attachment[]).map((item) => item.id)).toEqual(['f1', 'b.pdf', 'a.pdf']);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(onUploadingChange).toHaveBeenLastCalledWith(false);
    expect(group.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('takes one file in a single-file field, replacing the one it holds', async () => {
    const user = userEvent.setup();
    const { uploader, pending } = manualUploader();
    render(<Harness field={field('file', { value: pdf })} uploader={uploader} />);
    const input = screen.getByLabelText('Choose a file');
    expect(input).not.toHaveAttribute('multiple');
    await user.upload(input, pdfFile('new.pdf'));
    expect(input).toBeDisabled();
    await act(async () => pending[0]?.resolve(stored('new.pdf')));
    expect(shown()).toEqual(stored('new.pdf'));
  });

  it('accepts only bmp, gif, jpeg and png in a photo field, checked before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { uploader, pending } = manualUploader();
    render(<Harness field={field('photo')} uploader={uploader} />);
    const input = screen.getByLabelText('Choose a photo');
    expect(input.getAttribute('accept')?.split(',')).toEqual(
      expect.arrayContaining(['image/bmp', 'image/gif', 'image/jpeg', 'image/png']),
    );
    expect(input.getAttribute('accept')).not.toContain('svg');
    await user.upload(input, new File(['<svg/>'], 'vector.svg', { type: 'image/svg+xml' }));
    expect(pending).toHaveLength(0);
    expect(input).toHaveAccessibleDescription('Error: vector.svg is not a BMP, GIF, JPEG or PNG image.');
    await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    expect(pending).toHaveLength(1);
    expect(screen.queryByText(/is not a BMP/)).not.toBeInTheDocument();
  });

  it('drops a removed file from the value', async () => {
    const user = userEvent.setup();
    render(<Harness field={field('files', { value: [pdf, big] })} />);
    await user.click(screen.getByRole('button', { name: 'Remove cv.pdf' }));
    expect(shown()).toEqual([big]);
  });

  it('empties a single-file field when its file is removed', async () => {
    const user = userEvent.setup();
    render(<Harness field={field('photo', { value: stored('me.png') })} />);
    await user.click(screen.getByRole('button', { name: 'Remove me.png' }));
    expect(shown()).toBeNull();
  });

  it('only logs a failed upload, telling the user nothing', async () => {
    const user = userEvent.setup();
    const { uploader, pending } = manualUploader();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onUploadingChange = vi.fn();
    render(<Harness field={field('files')} uploader={uploader} onUploadingChange={onUploadingChange} />);
    const before = screen.getByRole('group', { name: 'Answer' }).textContent;
    await user.upload(screen.getByLabelText('Choose files'), pdfFile());
    const failure = new Error('415');
    await act(async () => pending[0]?.reject(failure));
    expect(log).toHaveBeenCalledWith('File upload failed', failure);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Answer' }).textContent).toBe(before);
    expect(shown()).toBeNull();
    expect(onUploadingChange).toHaveBeenLastCalledWith(false);
  });

  it('cancels uploads still on their way when it goes away', async () => {
    const user = userEvent.setup();
    const { uploader, pending } = manualUploader();
    const { unmount } = render(<Harness field={field('files')} uploader={uploader} />);
    await user.upload(screen.getByLabelText('Choose files'), pdfFile());
    unmount();
    expect(pending[0]?.options.signal?.aborted).toBe(true);
  });
});
