import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format, subMonths } from 'date-fns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FormSection, type GeocodedAddress, type GeocodeSuggestion } from '@muster/contract';
import { buildTestFormSection } from '@muster/contract/testing';
import { axeViolations } from '../../../../lib/testing/axe';
import { emptyValues } from '../../form-values';
import { bodyContextFixture, opportunityFixture, validationContextFixture } from '../../test-fixtures';
import { apiResponse, renderStep, requestUrl, stepProps } from '../test-support';
import { AddressDetailsStep, INCOMPLETE_ADDRESS_MESSAGE, NO_ADDRESS_MESSAGE } from './address-details-step';
import { ADDRESS_SEARCH_DELAY_MS } from './address-lookup';
import { emptyAddressRow, type AddressRow } from './body';

const historySection = buildTestFormSection('address-details', {
  id: 3,
  position: 2,
  name: 'Your address',
  min_address_history: 36,
});
const singleSection = { ...historySection, min_address_history: null };

const SEARCH_PATH = '/api/geocode/retrieve/';

type Call = { url: URL; signal: AbortSignal | null | undefined };
let calls: Call[] = [];
/** Answers by path (and `q` for searches); a function answer may hang until aborted. */
let answers: Record<string, unknown> = {};
let hanging: string[] = [];

const suggestion = (name: string, id: string, type: GeocodeSuggestion['type'] = 'address'): GeocodeSuggestion => ({
  name,
  type,
  retrieve_url: `/api/geocode/retrieve/${id}`,
});
const found = (address: Partial<GeocodedAddress>): { data: { data: { kind: 'address'; address: GeocodedAddress } } } => ({
  data: {
    data: {
      kind: 'address',
      address: {
        company_name: null,
        street: '',
        street_second: null,
        street_third: null,
        city: '',
        county: null,
        postcode: '',
        country: 'United Kingdom',
        ...address,
      },
    },
  },
});

beforeEach(() => {
  calls = [];
  answers = {};
  hanging = [];
  // Only the timeouts are faked: the search pause is stepped by hand, everything else runs.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // Testing Library steps faked timers itself where it knows them (it looks for `jest`).
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const url = requestUrl(input);
      calls.push({ url, signal: init?.signal });
      const key = url.pathname === SEARCH_PATH ? `${SEARCH_PATH}?q=${url.searchParams.get('q')}` : url.pathname;
      if (hanging.includes(key)) {
        return new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        });
      }
      const body = answers[key] ?? (url.pathname === SEARCH_PATH ? { data: { data: [] } } : undefined);
      return Promise.resolve(body === undefined ? apiResponse({ message: 'Not found' }, 404) : apiResponse(body));
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The address step alone in a form checked as the page checks it, and a user to drive it. */
function renderAddresses({ section = historySection, addresses = [] }: { section?: FormSection; addresses?: AddressRow[] } = {}) {
  const props = stepProps(section, {
    opportunity: { ...opportunityFixture, slug: 'beach-clean' },
    consentsShown: false,
  });
  const view = renderStep(<AddressDetailsStep {...props} />, {
    values: { addresses },
    // The page's validation context for a form of this one step (the contract judges it).
    validation: validationContextFixture(bodyContextFixture([section], { consentsShown: false }), {
      opportunity: { default_phone_country_code: 'GB' },
      existingApplicant: true,
    }),
  });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { user, form: view.form, container: view.container };
}

/** Lets the search pause pass (and whatever the search answers settle). */
async function pause(ms: number = ADDRESS_SEARCH_DELAY_MS) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const searches = () => calls.filter((call) => call.url.pathname === SEARCH_PATH);
const rows = () => within(screen.getByRole('group', { name: /^Your address/ })).getAllByRole('listitem');
/** The finder of the page, or of one row. */
const lookup = (row?: HTMLElement) =>
  (row ? within(row) : screen).getByRole('combobox', { name: /^Postcode or address/ });
/** The row at `index` (newest first). */
function rowAt(index: number): HTMLElement {
  const found = rows()[index];
  if (!found) {
    throw new Error(`no address row ${index}`);
  }
  return found;
}
const dialog = () => screen.getByRole('dialog', { name: 'Edit address' });
const monthsAgo = (months: number) => subMonths(new Date(), months);

/** Types a month and year into a row's From boxes. */
async function typeFrom(user: ReturnType<typeof userEvent.setup>, row: HTMLElement, date: Date) {
  const group = within(row).getByRole('group', { name: /^From/ });
  const month = within(group).getByRole('textbox', { name: 'Month' });
  const year = within(group).getByRole('textbox', { name: 'Year' });
  await user.clear(month);
  await user.type(month, format(date, 'MM'));
  await user.clear(year);
  await user.type(year, format(date, 'yyyy'));
}

function address(overrides: Partial<AddressRow>): AddressRow {
  return { ...emptyAddressRow(), ...overrides };
}

const HIGH_STREET = address({ street: '1 High Street', city: 'Bristol', postcode: 'BS1 4DJ', key: 'high-street' });

describe('AddressDetailsStep: the address finder', () => {
  it('searches from 2 characters only, 800 ms after the last keystroke, for addresses with usePca', async () => {
    const { user } = renderAddresses();
    await user.type(lookup(), 'B');
    await pause(2000);
    expect(searches()).toHaveLength(0);
    await user.type(lookup(), 'S');
    await pause(ADDRESS_SEARCH_DELAY_MS - 1);
    expect(searches()).toHaveLength(0);
    await pause(1);
    expect(searches()).toHaveLength(1);
    expect(Object.fromEntries(searches()[0]!.url.searchParams)).toEqual({ q: 'BS', type: 'address', usePca: '1' });
    expect(await screen.findByText('No addresses found. Check what you typed, or enter the address manually.')).toBeInTheDocument();
  });

  it('cancels the search a newer one supersedes', async () => {
    hanging = [`${SEARCH_PATH}?q=BS1`];
    answers[`${SEARCH_PATH}?q=BS1 4DJ`] = { data: { data: [suggestion('1 High Street, Bristol, BS1 4DJ', 'a1')] } };
    const { user } = renderAddresses();
    await user.type(lookup(), 'BS1');
    await pause();
    expect(searches()).toHaveLength(1);
    expect(searches()[0]!.signal?.aborted).toBe(false);
    expect(lookup()).toHaveAttribute('aria-busy', 'true');
    await user.type(lookup(), ' 4DJ');
    expect(searches()[0]!.signal?.aborted).toBe(true);
    await pause();
    expect(searches()).toHaveLength(2);
    expect(searches()[1]!.url.searchParams.get('q')).toBe('BS1 4DJ');
    expect(searches()[1]!.signal?.aborted).toBe(false);
    expect(await screen.findByRole('option', { name: '1 High Street, Bristol, BS1 4DJ' })).toBeInTheDocument();
  });

  it('drills into a postcode and fills the row with the address chosen by keyboard', async () => {
    answers[`${SEARCH_PATH}?q=BS1 4DJ`] = { data: { data: [suggestion('BS1 4DJ (2 addresses)', 'pc-bs14dj', 'postcode')] } };
    answers['/api/geocode/retrieve/pc-bs14dj'] = {
      data: {
        data: {
          kind: 'container',
          suggestions: [suggestion('1 High Street, Bristol', 'a1'), suggestion('Flat 2, 3 High Street, Bristol', 'a2')],
        },
      },
    };
    answers['/api/geocode/retrieve/a2'] = found({
      street: 'Flat 2',
      street_second: '3 High Street',
      city: 'Bristol',
      county: 'City of Bristol',
      postcode: 'BS1 4DJ',
    });
    const { user, form } = renderAddresses({ section: singleSection });
    await user.type(lookup(), 'BS1 4DJ');
    await pause();
    const box = lookup();
    await screen.findByRole('option', { name: /BS1 4DJ \(2 addresses\)/ });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('1 result found. Use the up and down arrow keys to choose one.');
    await user.keyboard('{ArrowDown}{Enter}');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['1 High Street, Bristol', 'Flat 2, 3 High Street, Bristol']);
    expect(screen.getByRole('status')).toHaveTextContent('2 addresses in BS1 4DJ (2 addresses).');
    expect(box).toHaveFocus();
    // The container's first address is highlighted; Down moves to the second.
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}{Enter}');
    const edit = await screen.findByRole('button', { name: 'Edit address' });
    expect(calls.map((call) => call.url.pathname)).toEqual([
      SEARCH_PATH,
      '/api/geocode/retrieve/pc-bs14dj',
      '/api/geocode/retrieve/a2',
    ]);
    expect(form().getValues('addresses')).toEqual([
      expect.objectContaining({
        company_name: '',
        street: 'Flat 2',
        street_second: '3 High Street',
        street_third: '',
        city: 'Bristol',
        county: 'City of Bristol',
        postcode: 'BS1 4DJ',
        country: 'United Kingdom',
      }),
    ]);
    expect(edit).toHaveAccessibleDescription('Flat 2, 3 High Street, Bristol, City of Bristol, BS1 4DJ, United Kingdom');
    await waitFor(() => expect(edit).toHaveFocus());
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('chooses with the mouse, closes on Escape and keeps Enter from submitting the form', async () => {
    answers[`${SEARCH_PATH}?q=High`] = { data: { data: [suggestion('1 High Street, Bristol, BS1 4DJ', 'a1')] } };
    answers['/api/geocode/retrieve/a1'] = found({ street: '1 High Street', city: 'Bristol', postcode: 'BS1 4DJ' });
    const submitted = vi.fn((event: SubmitEvent) => event.preventDefault());
    document.addEventListener('submit', submitted);
    try {
      const { user } = renderAddresses({ section: singleSection });
      await user.type(lookup(), 'High');
      await user.keyboard('{Enter}');
      // Enter searched at once, without the pause.
      expect(await screen.findByRole('option')).toBeInTheDocument();
      expect(searches()).toHaveLength(1);
      await user.keyboard('{Escape}');
      expect(lookup()).toHaveAttribute('aria-expanded', 'false');
      await user.keyboard('{ArrowDown}');
      await user.click(screen.getByRole('option', { name: '1 High Street, Bristol, BS1 4DJ' }));
      expect(await screen.findByText('1 High Street')).toBeInTheDocument();
      expect(submitted).not.toHaveBeenCalled();
    } finally {
      document.removeEventListener('submit', submitted);
    }
  });

  it('says when the finder fails, and offers the manual entry', async () => {
    answers[`${SEARCH_PATH}?q=zz`] = { unexpected: true };
    const { user } = renderAddresses();
    await user.type(lookup(), 'zz');
    await pause();
    expect(
      await screen.findByText('Addresses could not be looked up just now. Please try again, or enter the address manually.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enter the address manually' })).toBeInTheDocument();
  });
});

describe('AddressDetailsStep: the Edit address modal', () => {
  it('checks line 1, city, postcode and country by their fields, saves, and gives focus back', async () => {
    const { user, form } = renderAddresses({ section: singleSection });
    const manual = screen.getByRole('button', { name: 'Enter the address manually' });
    await user.click(manual);
    const modal = dialog();
    const labels = within(modal)
      .getAllByRole('textbox')
      .map((box) => box.getAttribute('id'));
    expect(labels).toHaveLength(7);
    for (const name of ['Company', 'Address line 1', 'Address line 2', 'Address line 3', 'City', 'County', 'Postcode']) {
      expect(within(modal).getByRole('textbox', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
    expect(within(modal).getByRole('textbox', { name: /^Company/ })).toHaveFocus();
    const country = within(modal).getByRole('combobox', { name: /^Country/ });
    expect(country).toHaveValue('United Kingdom');
    await user.selectOptions(country, '');
    await user.click(within(modal).getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(within(modal).getByRole('textbox', { name: /^Address line 1/ })).toHaveAccessibleDescription(
        'Error: Address line 1 is required',
      ),
    );
    expect(within(modal).getByRole('textbox', { name: /^City/ })).toHaveAccessibleDescription('Error: City is required');
    expect(within(modal).getByRole('textbox', { name: /^Postcode/ })).toHaveAccessibleDescription('Error: Postcode is required');
    expect(country).toHaveAccessibleDescription('Error: Country is required');
    expect(within(modal).getByRole('textbox', { name: /^County/ })).not.toHaveAttribute('aria-invalid');

    await user.type(within(modal).getByRole('textbox', { name: /^Address line 1/ }), '10 Downing Street');
    await user.type(within(modal).getByRole('textbox', { name: /^City/ }), 'London');
    await user.type(within(modal).getByRole('textbox', { name: /^Postcode/ }), 'SW1A 2AA');
    await user.selectOptions(country, 'United Kingdom');
    await user.click(within(modal).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(form().getValues('addresses')[0]).toMatchObject({
      street: '10 Downing Street',
      city: 'London',
      postcode: 'SW1A 2AA',
      country: 'United Kingdom',
    });
    const edit = screen.getByRole('button', { name: 'Edit address' });
    await waitFor(() => expect(edit).toHaveFocus());
    expect(edit).toHaveAccessibleDescription('10 Downing Street, London, SW1A 2AA, United Kingdom');
  });

  it('keeps the address on Cancel and on Escape, and the edit link reopens it with its values', async () => {
    const { user, form } = renderAddresses({ section: singleSection, addresses: [HIGH_STREET] });
    const edit = screen.getByRole('button', { name: 'Edit address' });
    await user.click(edit);
    const line1 = within(dialog()).getByRole('textbox', { name: /^Address line 1/ });
    expect(line1).toHaveValue('1 High Street');
    await user.clear(line1);
    await user.type(line1, '2 Low Road');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edit).toHaveFocus();
    expect(form().getValues('addresses')[0]?.street).toBe('1 High Street');

    await user.click(edit);
    expect(within(dialog()).getByRole('textbox', { name: /^Company/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edit).toHaveFocus();
  });

  it('keeps Tab inside the modal', async () => {
    const { user } = renderAddresses({ section: singleSection, addresses: [HIGH_STREET] });
    await user.click(screen.getByRole('button', { name: 'Edit address' }));
    const save = within(dialog()).getByRole('button', { name: 'Save address' });
    save.focus();
    await user.tab();
    expect(within(dialog()).getByRole('textbox', { name: /^Company/ })).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
  });

  it('shows an incomplete address with its link, which opens the modal at what is missing', async () => {
    const { user } = renderAddresses({
      section: singleSection,
      addresses: [address({ street: '1 High Street', postcode: 'BS1 4DJ', key: 'no-city' })],
    });
    expect(screen.getByText('1 High Street')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: INCOMPLETE_ADDRESS_MESSAGE }));
    const city = within(dialog()).getByRole('textbox', { name: /^City/ });
    expect(city).toHaveFocus();
    expect(city).toHaveAccessibleDescription('Error: City is required');
    await user.type(city, 'Bristol');
    await user.click(within(dialog()).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: INCOMPLETE_ADDRESS_MESSAGE })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit address' })).toHaveFocus());
  });
});

describe('AddressDetailsStep: messages', () => {
  it('asks for an address when none is given, at the finder, as the contract says', async () => {
    const { form } = renderAddresses({ section: singleSection });
    await act(async () => {
      await form().trigger('addresses');
    });
    const box = lookup();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(expect.stringContaining(`Error: ${NO_ADDRESS_MESSAGE}`));
    expect(screen.getAllByText(NO_ADDRESS_MESSAGE)).toHaveLength(1);
  });

  it('shows the server’s messages at their address, in the modal by their fields', async () => {
    const { user, form } = renderAddresses({ section: singleSection, addresses: [HIGH_STREET] });
    act(() => form().setError('addresses.0.postcode', { type: 'server', message: 'We do not deliver to this postcode' }));
    expect(screen.getByText('Postcode: We do not deliver to this postcode')).toBeInTheDocument();
    // The error summary's link (#apply-addresses-0-postcode) lands on the edit link.
    const target = document.getElementById('apply-addresses-0-postcode');
    expect(target?.querySelector('button')).toHaveTextContent('Edit address');
    await user.click(screen.getByRole('button', { name: 'Edit address' }));
    const postcode = within(dialog()).getByRole('textbox', { name: /^Postcode/ });
    expect(postcode).toHaveFocus();
    expect(postcode).toHaveAccessibleDescription('Error: We do not deliver to this postcode');
  });

  it('gives the contract’s history message at the group, and not twice for a from date', async () => {
    const { form } = renderAddresses({ addresses: [{ ...HIGH_STREET, from_date: format(monthsAgo(12), 'yyyy-MM') }, address({ key: 'blank' })] });
    await act(async () => {
      await form().trigger('addresses');
    });
    const group = screen.getByRole('group', { name: /^Your addresses/ });
    expect(group).toHaveAccessibleDescription(
      expect.stringContaining('Error: Please provide at least 24 more month(s) of your address history'),
    );
    act(() =>
      form().setError('addresses.0.from_date', {
        type: 'server',
        message: 'You need to provide at least 36 months of address history',
      }),
    );
    expect(screen.getAllByText(/You need to provide at least 36 months/)).toHaveLength(1);
    expect(group).toHaveAccessibleDescription(expect.stringContaining('You need to provide at least 36 months of address history'));
    const from = within(rowAt(0)).getByRole('group', { name: /^From/ });
    expect(within(from).queryByText(/You need to provide/)).not.toBeInTheDocument();
    act(() => form().setError('addresses.0.from_date', { type: 'server', message: 'Please enter a valid date' }));
    expect(within(from).getByText('Please enter a valid date')).toBeInTheDocument();
  });
});

describe('AddressDetailsStep: address history', () => {
  it('drops the message about the whole history once a date changes, keeping each address’s own', async () => {
    const { user, form } = renderAddresses({
      addresses: [{ ...HIGH_STREET, from_date: format(monthsAgo(12), 'yyyy-MM') }, address({ key: 'blank' })],
    });
    await act(async () => {
      await form().trigger('addresses');
    });
    act(() => form().setError('addresses.0.postcode', { type: 'server', message: 'We cannot find this postcode' }));
    expect(screen.getByText('Please provide at least 24 more month(s) of your address history')).toBeInTheDocument();
    await typeFrom(user, rowAt(0), monthsAgo(20));
    expect(screen.queryByText(/Please provide at least/)).not.toBeInTheDocument();
    expect(screen.getByText('Postcode: We cannot find this postcode')).toBeInTheDocument();
  });

  it('shows the minimum in years and months', () => {
    renderAddresses({ section: { ...historySection, min_address_history: 18 } });
    expect(screen.getByText(/in the last 1 year and 6 months, starting with your current address/)).toBeInTheDocument();
  });

  it('shows 36 months as 3 years, with a From month and year for each address', () => {
    renderAddresses();
    expect(screen.getByText(/in the last 3 years, starting with your current address/)).toBeInTheDocument();
    expect(within(rowAt(0)).getByRole('heading', { name: 'Current address' })).toBeInTheDocument();
    expect(within(rowAt(0)).getByRole('group', { name: /^From/ })).toBeInTheDocument();
  });

  it('has no From field without a minimum', () => {
    renderAddresses({ section: singleSection });
    expect(screen.queryByRole('group', { name: /^From/ })).not.toBeInTheDocument();
  });

  it('appends a row below the minimum and removes dateless rows once it is met', async () => {
    const { user, form } = renderAddresses({ addresses: [HIGH_STREET] });
    expect(rows()).toHaveLength(1);
    await typeFrom(user, rowAt(0), monthsAgo(12));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rowAt(1)).getByRole('heading', { name: 'Previous address 1' })).toBeInTheDocument();
    expect(lookup(rowAt(1))).toBeInTheDocument();

    // Moving the first date back far enough meets the minimum: the empty row goes.
    await typeFrom(user, rowAt(0), monthsAgo(40));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(form().getValues('addresses')).toHaveLength(1);
    expect(form().getValues('addresses')[0]?.from_date).toBe(format(monthsAgo(40), 'yyyy-MM'));
  });

  it('keeps a row while its date is half typed, and lets an extra address be removed', async () => {
    const older = address({ street: '5 Old Lane', city: 'Bath', postcode: 'BA1 1AA', from_date: format(monthsAgo(48), 'yyyy-MM'), key: 'old-lane' });
    const { user, form } = renderAddresses({ addresses: [{ ...HIGH_STREET, from_date: format(monthsAgo(12), 'yyyy-MM') }, older] });
    expect(rows()).toHaveLength(2);
    expect(within(rowAt(0)).queryByRole('button', { name: 'Remove address' })).not.toBeInTheDocument();
    const year = within(within(rowAt(1)).getByRole('group', { name: /^From/ })).getByRole('textbox', { name: 'Year' });
    await user.type(year, '{Backspace}');
    // Three digits of a year: the row stays, and the minimum is no longer met, so nothing is added either.
    expect(rows()).toHaveLength(2);
    await user.type(year, format(monthsAgo(48), 'yyyy').slice(-1));
    expect(rows()).toHaveLength(2);

    await user.click(within(rowAt(1)).getByRole('button', { name: 'Remove address' }));
    // Without it the history is short again: an empty row takes its place.
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rowAt(1)).queryByText('5 Old Lane')).not.toBeInTheDocument();
    expect(lookup(rowAt(1))).toBeInTheDocument();
    expect(form().getValues('addresses').map((row) => row.street)).toEqual(['1 High Street', '']);
  });
});

describe('AddressDetailsStep: accessibility', () => {
  it('has no axe violations empty, in error, filled and with the modal open', async () => {
    // axe waits on real timeouts.
    vi.useRealTimers();
    vi.stubGlobal('jest', undefined);
    const { container, form } = renderAddresses();
    const user = userEvent.setup();
    expect(await axeViolations(container.ownerDocument.body)).toEqual([]);
    await act(async () => {
      await form().trigger('addresses');
    });
    expect(screen.getByText(NO_ADDRESS_MESSAGE)).toBeInTheDocument();
    expect(await axeViolations(container.ownerDocument.body)).toEqual([]);
    act(() =>
      form().reset({
        ...emptyValues(),
        addresses: [
          { ...HIGH_STREET, from_date: format(monthsAgo(12), 'yyyy-MM') },
          address({ street: '5 Old Lane', postcode: 'BA1 1AA', from_date: format(monthsAgo(40), 'yyyy-MM'), key: 'old' }),
        ],
      }),
    );
    await act(async () => {
      await form().trigger('addresses');
    });
    expect(screen.getByRole('button', { name: INCOMPLETE_ADDRESS_MESSAGE })).toBeInTheDocument();
    expect(await axeViolations(container.ownerDocument.body)).toEqual([]);
    await user.click(screen.getByRole('button', { name: INCOMPLETE_ADDRESS_MESSAGE }));
    expect(await axeViolations(container.ownerDocument.body)).toEqual([]);
  }, 60_000);
});
