import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TelephoneInput, type TelephoneChange, type TelephoneValue } from './telephone-input';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Renders the widget and waits for the metadata to arrive (the flag button appears). */
async function renderLoaded(props: Partial<Parameters<typeof TelephoneInput>[0]> = {}) {
  const onChange = vi.fn<(change: TelephoneChange) => void>();
  const view = render(
    <>
      <TelephoneInput label="Contact number" onChange={onChange} {...props} />
      <button type="button">Elsewhere</button>
    </>,
  );
  const flag = await screen.findByRole('button', { name: /^Country code/ });
  return { ...view, onChange, flag, number: screen.getByRole('textbox', { name: 'Contact number' }) };
}

/** The option of a country. (Queried by text: role queries over 240 options are slow in jsdom.) */
const option = (name: string) => {
  const found = screen.getByText(name, { selector: '.telephone-input__name' }).closest('[role="option"]');
  if (!(found instanceof HTMLElement)) {
    throw new Error(`No option for ${name}`);
  }
  return found;
};

const listbox = () => screen.getByRole('listbox', { name: 'Countries' });
const activeOption = () => {
  const id = listbox().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};
const activeName = () => activeOption()?.querySelector('.telephone-input__name')?.textContent;

describe('TelephoneInput: loading and value', { timeout: 20_000 }, () => {
  it('shows a disabled box and a spinner until the metadata has loaded', async () => {
    // A fresh module graph, so the metadata is not already cached from another test.
    vi.resetModules();
    const fresh = await import('./telephone-input');
    render(<fresh.TelephoneInput label="Contact number" />);
    expect(screen.getByLabelText('Contact number')).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Loading country codes…');
    expect(screen.queryByRole('button')).toBeNull();
    await screen.findByRole('button', { name: 'Country code: United Kingdom +44' });
    expect(screen.getByLabelText('Contact number')).toBeEnabled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('defaults to GB with its example national mobile number as placeholder', async () => {
    const { flag, number } = await renderLoaded();
    expect(flag).toHaveAccessibleName('Country code: United Kingdom +44');
    expect(flag).toHaveTextContent('🇬🇧');
    expect(number).toHaveAttribute('placeholder', '07400 123456');
    expect(number).toHaveAttribute('type', 'tel');
    expect(number).toHaveAttribute('autocomplete', 'tel');
  });

  it("uses the selected region's example as placeholder", async () => {
    const { number } = await renderLoaded({ defaultValue: { region: 'FR' } });
    expect(number).toHaveAttribute('placeholder', '06 12 34 56 78');
  });

  it('reports the number, region, E.164 form and validity', async () => {
    const user = userEvent.setup();
    const { number, onChange } = await renderLoaded();
    await user.type(number, '07400 123456');
    expect(onChange).toHaveBeenLastCalledWith({
      number: '07400 123456',
      region: 'GB',
      e164: '+447400123456',
      valid: true,
    });
    await user.type(number, '9');
    expect(onChange).toHaveBeenLastCalledWith({
      number: '07400 1234569',
      region: 'GB',
      e164: null,
      valid: false,
    });
  });

  it('switches the region when the number implies exactly one other country', async () => {
    const user = userEvent.setup();
    const { number, onChange, flag } = await renderLoaded();
    await user.type(number, '+44');
    expect(flag).toHaveAccessibleName('Country code: United Kingdom +44');
    await user.clear(number);
    await user.type(number, '+33 6 12 34 56 78');
    expect(flag).toHaveAccessibleName('Country code: France +33');
    expect(onChange).toHaveBeenLastCalledWith({
      number: '+33 6 12 34 56 78',
      region: 'FR',
      e164: '+33612345678',
      valid: true,
    });
  });

  it('works controlled: the parent holds the value', async () => {
    const user = userEvent.setup();
    function Parent() {
      const [value, setValue] = useState<TelephoneValue>({ number: '', region: 'DE' });
      return (
        <>
          <TelephoneInput
            label="Contact number"
            value={value}
            onChange={({ number, region }) => setValue({ number, region })}
          />
          <output>{value.region}</output>
        </>
      );
    }
    render(<Parent />);
    const flag = await screen.findByRole('button', { name: 'Country code: Germany +49' });
    await user.type(screen.getByLabelText('Contact number'), '+33 6');
    expect(flag).toHaveAccessibleName('Country code: France +33');
    expect(screen.getByText('FR', { selector: 'output' })).toBeInTheDocument();
  });

  it('logs an invalid region on the console only, and falls back to GB', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { flag } = await renderLoaded({ defaultValue: { region: 'XX' } });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('"XX" is not a known telephone region'));
    expect(flag).toHaveAccessibleName('Country code: United Kingdom +44');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/XX/)).toBeNull();
  });
});

describe('TelephoneInput: states', () => {
  it('shows an error next to the field and marks the box invalid', async () => {
    const { number } = await renderLoaded({
      error: 'Please enter a valid telephone number',
      hint: 'We call only about your shifts',
    });
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription(
      'We call only about your shifts Error: Please enter a valid telephone number',
    );
  });

  it('is read-only: the number cannot be edited and the country cannot be changed', async () => {
    const user = userEvent.setup();
    const { number, flag, onChange } = await renderLoaded({
      readOnly: true,
      defaultValue: { number: '07400 123456' },
    });
    expect(number).toHaveAttribute('readonly');
    expect(number).toHaveValue('07400 123456');
    expect(flag).toBeDisabled();
    await user.type(number, '1');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is busy: disabled with a spinner saying why', async () => {
    const { number, flag } = await renderLoaded({ busy: true, busyLabel: 'Saving your number…' });
    expect(number).toBeDisabled();
    expect(flag).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Saving your number…');
  });

  it('marks a required field', async () => {
    const { number } = await renderLoaded({ required: true });
    expect(number).toBeRequired();
  });
});

// Rendering 240 options is slow in jsdom on a shared machine.
describe('TelephoneInput: country list by pointer', { timeout: 20_000 }, () => {
  it('is a button with a listbox popup; a click toggles the list', async () => {
    const user = userEvent.setup();
    const { flag } = await renderLoaded();
    expect(flag).toHaveAttribute('aria-haspopup', 'listbox');
    expect(flag).toHaveAttribute('aria-expanded', 'false');
    await user.click(flag);
    expect(flag).toHaveAttribute('aria-expanded', 'true');
    expect(flag).toHaveAttribute('aria-controls', listbox().id);
    expect(listbox()).toHaveFocus();
    await user.click(flag);
    expect(flag).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('lists about 240 countries; only the selected one is aria-selected', async () => {
    const user = userEvent.setup();
    const { flag } = await renderLoaded();
    await user.click(flag);
    const options = screen.getAllByRole('option');
    expect(options.length).toBeGreaterThanOrEqual(230);
    expect(options.every((option) => option.hasAttribute('aria-selected'))).toBe(true);
    const selected = options.filter((option) => option.getAttribute('aria-selected') === 'true');
    expect(selected).toHaveLength(1);
    expect(selected[0]).toHaveAccessibleName('United Kingdom +44');
    expect(activeName()).toBe('United Kingdom');
  });

  it('closes when a country is chosen, and reports it', async () => {
    const user = userEvent.setup();
    const { flag, onChange } = await renderLoaded({ defaultValue: { number: '06 12 34 56 78' } });
    await user.click(flag);
    await user.click(option('France'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(flag).toHaveAccessibleName('Country code: France +33');
    expect(flag).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith({
      number: '06 12 34 56 78',
      region: 'FR',
      e164: '+33612345678',
      valid: true,
    });
  });

  it('keeps an explicit choice even when the number names another country', async () => {
    const user = userEvent.setup();
    const { flag, onChange } = await renderLoaded({ defaultValue: { number: '+33 6 12 34 56 78' } });
    await user.click(flag);
    await user.click(option('Germany'));
    expect(flag).toHaveAccessibleName('Country code: Germany +49');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ region: 'DE' }));
  });

  it('closes on a click outside, without choosing', async () => {
    const user = userEvent.setup();
    const { flag, onChange } = await renderLoaded();
    await user.click(flag);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('closes on a touch outside', async () => {
    const user = userEvent.setup();
    const { flag } = await renderLoaded();
    await user.click(flag);
    fireEvent.touchStart(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('stays open on a touch inside the list', async () => {
    const user = userEvent.setup();
    const { flag } = await renderLoaded();
    await user.click(flag);
    fireEvent.touchStart(option('France'));
    expect(listbox()).toBeInTheDocument();
  });
});

describe('TelephoneInput: country list by keyboard', { timeout: 20_000 }, () => {
  async function openWithKeyboard(key = '{Enter}') {
    const user = userEvent.setup();
    const loaded = await renderLoaded();
    loaded.flag.focus();
    await user.keyboard(key);
    expect(listbox()).toHaveFocus();
    return { user, ...loaded };
  }

  it.each(['{Enter}', ' '])('opens with %s on the flag button, on the selected country', async (key) => {
    const { flag } = await openWithKeyboard(key);
    expect(flag).toHaveAttribute('aria-expanded', 'true');
    expect(activeName()).toBe('United Kingdom');
  });

  it('moves with Up and Down', async () => {
    const { user } = await openWithKeyboard();
    await user.keyboard('{ArrowDown}');
    expect(activeName()).toBe('United States');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(activeName()).toBe('United Arab Emirates');
  });

  it('goes to the first with Home and PageUp, the last with End and PageDown', async () => {
    const { user } = await openWithKeyboard();
    const options = screen.getAllByRole('option');
    const first = options[0];
    const last = options[options.length - 1];
    await user.keyboard('{Home}');
    expect(activeOption()).toBe(first);
    await user.keyboard('{ArrowUp}');
    expect(activeOption()).toBe(first);
    await user.keyboard('{End}');
    expect(activeOption()).toBe(last);
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe(last);
    await user.keyboard('{PageUp}');
    expect(activeOption()).toBe(first);
    await user.keyboard('{PageDown}');
    expect(activeOption()).toBe(last);
  });

  it('chooses with Enter and closes, focus back on the flag button', async () => {
    const { user, flag, onChange } = await openWithKeyboard();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(flag).toHaveAccessibleName('Country code: United States +1');
    expect(flag).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ region: 'US' }));
  });

  it('chooses with Space and closes, without reopening', async () => {
    const { user, flag } = await openWithKeyboard(' ');
    await user.keyboard('{ArrowUp} ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(flag).toHaveAttribute('aria-expanded', 'false');
    expect(flag).toHaveAccessibleName('Country code: United Arab Emirates +971');
    expect(flag).toHaveFocus();
  });

  it('closes with Escape without choosing', async () => {
    const { user, flag, onChange } = await openWithKeyboard();
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(flag).toHaveAccessibleName('Country code: United Kingdom +44');
    expect(flag).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
  });

  it.each(['{Backspace}', '{ArrowRight}', '{Delete}', '{F2}', '{Control>}c{/Control}'])(
    'closes on any other key (%s) without choosing',
    async (key) => {
      const { user, flag, onChange } = await openWithKeyboard();
      await user.keyboard(`{ArrowDown}${key}`);
      expect(screen.queryByRole('listbox')).toBeNull();
      expect(flag).toHaveAccessibleName('Country code: United Kingdom +44');
      expect(flag).toHaveFocus();
      expect(onChange).not.toHaveBeenCalled();
    },
  );

  it('stays open for a lone modifier key such as Shift', async () => {
    const { user } = await openWithKeyboard();
    await user.keyboard('{Shift}{Control}{Alt}');
    expect(listbox()).toHaveFocus();
  });

  it('closes on Tab and moves on to the number; Shift+Tab goes back to the flag button', async () => {
    const { user, flag, number } = await openWithKeyboard();
    await user.tab();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(number).toHaveFocus();
    flag.focus();
    await user.keyboard('{Enter}');
    await user.tab({ shift: true });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(flag).toHaveFocus();
  });

  // The type-ahead runs on fake time: a loaded machine can take longer than 200 ms to render
  // 240 options between two keys, which would reset the typed text for real.
  async function openForTypeAhead() {
    const loaded = await openWithKeyboard();
    vi.useFakeTimers();
    const press = (key: string) => fireEvent.keyDown(listbox(), { key });
    const wait = (ms: number) =>
      act(() => {
        vi.advanceTimersByTime(ms);
      });
    return { ...loaded, press, wait };
  }

  it('jumps to the first country whose name starts with the typed text', async () => {
    const { press, flag } = await openForTypeAhead();
    press('f');
    press('r');
    press('a');
    expect(activeName()).toBe('France');
    press('Enter');
    expect(flag).toHaveAccessibleName('Country code: France +33');
  });

  it('ignores case and accents when typing ahead', async () => {
    const { press } = await openForTypeAhead();
    press('R');
    press('e');
    press('u');
    expect(activeName()).toBe('Réunion');
  });

  it('keeps the typed text while keys follow within 200 ms, and forgets it after', async () => {
    const { press, wait } = await openForTypeAhead();
    press('g');
    expect(activeName()).toBe('Gabon');
    wait(199);
    press('u');
    // "gu", not "u" alone.
    expect(activeName()).toBe('Guadeloupe');
    wait(199);
    press('a');
    wait(199);
    press('t');
    // Each pause was short, so the text is "guat" although 597 ms have passed.
    expect(activeName()).toBe('Guatemala');
    wait(200);
    press('g');
    // "g" afresh, not "guatg" (which matches nothing).
    expect(activeName()).toBe('Gabon');
  });

  it('leaves the active country alone when nothing matches', async () => {
    const { user } = await openWithKeyboard();
    await user.keyboard('xq');
    expect(activeName()).toBe('United Kingdom');
    expect(listbox()).toBeInTheDocument();
  });

  it('closes when focus moves elsewhere on the page', async () => {
    await openWithKeyboard();
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });
});
