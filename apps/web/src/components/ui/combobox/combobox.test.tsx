import { useRef, useState, type KeyboardEvent } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComboboxField, ComboboxListbox, ComboboxToggle, comboboxClass, comboboxIds } from './combobox';
import { useCombobox, type ComboboxKeyHandlers } from './use-combobox';

const FRUITS = ['Apple', 'Banana', 'Cherry', 'Damson', 'Elderberry'];

type HarnessProps = {
  readOnly?: boolean;
  pending?: boolean;
  onEnter?: (active: string | undefined) => void;
  onEnterClosed?: () => void;
  onEscape?: () => void;
  onLeave?: () => void;
};

/** A bare combobox of fruits: the shared hook and parts, with no widget rules of its own. */
function Harness({ readOnly = false, pending, onEnter, onEnterClosed, onEscape, onLeave }: HarnessProps) {
  const [chosen, setChosen] = useState('');
  const [filter, setFilter] = useState('');
  const wrapper = useRef<HTMLDivElement | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const items = FRUITS.filter((fruit) => fruit.toLowerCase().includes(filter.toLowerCase()));
  const optionId = (fruit: string) => `fruit-option-${fruit}`;
  const combobox = useCombobox({
    items,
    optionId,
    listboxId: 'fruit-listbox',
    wrapperRef: wrapper,
    inputRef: input,
    readOnly,
  });

  function choose(fruit: string) {
    setChosen(fruit);
    combobox.close();
  }

  const handlers: ComboboxKeyHandlers<string> = {
    open: (direction) => combobox.openAt(items.indexOf(chosen), direction),
    enter: (active) => {
      onEnter?.(active);
      if (active !== undefined) {
        choose(active);
      }
    },
    enterClosed: onEnterClosed,
    escape: onEscape,
    pending,
  };

  return (
    <>
      <div ref={wrapper} onBlur={(event) => combobox.handleBlur(event, () => onLeave?.())}>
        <label id="fruit-label" htmlFor="fruit">
          Fruit
        </label>
        <div className={comboboxClass('fruit', 'control')}>
          <input
            ref={input}
            {...combobox.inputProps}
            id="fruit"
            readOnly={readOnly}
            onChange={(event) => {
              setFilter(event.target.value);
              combobox.showMatches();
            }}
            onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => combobox.handleKeyDown(event, handlers)}
          />
          <ComboboxToggle
            block="fruit"
            label="Show fruit"
            listboxId="fruit-listbox"
            expanded={combobox.expanded}
            onClick={() => combobox.toggle(() => handlers.open('down'))}
          />
          <ComboboxListbox
            block="fruit"
            id="fruit-listbox"
            labelledBy="fruit-label"
            expanded={combobox.expanded}
            items={items}
            activeIndex={combobox.activeIndex}
            optionId={optionId}
            optionKey={(fruit) => fruit}
            isSelected={(fruit) => fruit === chosen}
            onChoose={(fruit) => {
              choose(fruit);
              combobox.focusInput();
            }}
          >
            {(fruit) => fruit}
          </ComboboxListbox>
        </div>
      </div>
      <p data-testid="chosen">[{chosen}]</p>
      <button type="button">Next</button>
    </>
  );
}

const box = () => screen.getByRole('combobox', { name: 'Fruit' });
const active = () => {
  const id = box().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : undefined;
};
const chosen = () => screen.getByTestId('chosen').textContent;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useCombobox with ComboboxListbox', () => {
  it('gives the text box the combobox attributes and hides the list while closed', () => {
    render(<Harness />);
    expect(box()).toHaveAttribute('aria-autocomplete', 'list');
    expect(box()).toHaveAttribute('aria-controls', 'fruit-listbox');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveAttribute('autocomplete', 'off');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    expect(screen.getByRole('listbox', { hidden: true })).not.toBeVisible();
  });

  it('opens with Down on the first option and with Up on the last', async () => {
    render(<Harness />);
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Fruit' })).toBeVisible();
    expect(active()).toBe('Apple');
    await userEvent.keyboard('{Escape}{ArrowUp}');
    expect(active()).toBe('Elderberry');
  });

  it('opens on the chosen option when there is one', async () => {
    render(<Harness />);
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(chosen()).toBe('[Cherry]');
    await userEvent.keyboard('{ArrowUp}');
    expect(active()).toBe('Cherry');
  });

  it('moves with Down and Up and stops at the ends without wrapping', async () => {
    render(<Harness />);
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}{ArrowUp}');
    expect(active()).toBe('Apple');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toBe('Cherry');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(active()).toBe('Elderberry');
  });

  it('jumps with Home and End while open, and leaves them to the caret while closed', async () => {
    render(<Harness />);
    await userEvent.click(box());
    expect(fireEvent.keyDown(box(), { key: 'End' })).toBe(true);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{ArrowDown}');
    expect(fireEvent.keyDown(box(), { key: 'End' })).toBe(false);
    expect(active()).toBe('Elderberry');
    expect(fireEvent.keyDown(box(), { key: 'Home' })).toBe(false);
    expect(active()).toBe('Apple');
  });

  it('highlights nothing while typing; then Down starts at the first match and Up at the last', async () => {
    render(<Harness />);
    await userEvent.click(box());
    await userEvent.keyboard('rr');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Cherry', 'Elderberry']);
    expect(active()).toBeUndefined();
    await userEvent.keyboard('{ArrowUp}');
    expect(active()).toBe('Elderberry');
    await userEvent.type(box(), 'x');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('hands Enter on the open list to the widget and keeps the form from submitting', async () => {
    const onEnter = vi.fn();
    const onEnterClosed = vi.fn();
    render(<Harness onEnter={onEnter} onEnterClosed={onEnterClosed} />);
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(fireEvent.keyDown(box(), { key: 'Enter' })).toBe(false);
    expect(onEnter).toHaveBeenCalledWith('Banana');
    expect(onEnterClosed).not.toHaveBeenCalled();
    expect(chosen()).toBe('[Banana]');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('lets Enter on the closed list through, after telling the widget', async () => {
    const onEnter = vi.fn();
    const onEnterClosed = vi.fn();
    render(<Harness onEnter={onEnter} onEnterClosed={onEnterClosed} />);
    await userEvent.click(box());
    expect(fireEvent.keyDown(box(), { key: 'Enter' })).toBe(true);
    expect(onEnterClosed).toHaveBeenCalledTimes(1);
    expect(onEnter).not.toHaveBeenCalled();
  });

  it('closes with Escape, leaving the choice alone', async () => {
    const onEscape = vi.fn();
    render(<Harness onEscape={onEscape} />);
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}');
    expect(fireEvent.keyDown(box(), { key: 'Escape' })).toBe(false);
    expect(onEscape).toHaveBeenCalledTimes(1);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(chosen()).toBe('[]');
    // With the list closed and nothing pending, Escape is not the widget's.
    expect(fireEvent.keyDown(box(), { key: 'Escape' })).toBe(true);
    expect(onEscape).toHaveBeenCalledTimes(1);
  });

  it('takes Enter and Escape with the list closed while typed text is pending', async () => {
    const onEnter = vi.fn();
    const onEscape = vi.fn();
    render(<Harness pending onEnter={onEnter} onEscape={onEscape} />);
    await userEvent.click(box());
    expect(fireEvent.keyDown(box(), { key: 'Enter' })).toBe(false);
    expect(onEnter).toHaveBeenCalledWith(undefined);
    expect(fireEvent.keyDown(box(), { key: 'Escape' })).toBe(false);
    expect(onEscape).toHaveBeenCalledTimes(1);
  });

  it('ignores the keys when read-only', async () => {
    const onEnterClosed = vi.fn();
    render(<Harness readOnly onEnterClosed={onEnterClosed} />);
    await userEvent.click(box());
    expect(fireEvent.keyDown(box(), { key: 'ArrowDown' })).toBe(true);
    expect(fireEvent.keyDown(box(), { key: 'Enter' })).toBe(true);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(onEnterClosed).not.toHaveBeenCalled();
  });

  it('scrolls the highlighted option into view', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      render(<Harness />);
      await userEvent.click(box());
      await userEvent.keyboard('{ArrowDown}{End}');
      expect(scrollIntoView).toHaveBeenLastCalledWith({ block: 'nearest' });
      expect(scrollIntoView.mock.contexts.at(-1)).toHaveTextContent('Elderberry');
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('opens and closes from the button and chooses by click, keeping focus in the box', async () => {
    render(<Harness />);
    const toggle = screen.getByRole('button', { name: 'Show fruit' });
    expect(toggle).toHaveAttribute('tabindex', '-1');
    await userEvent.click(toggle);
    expect(box()).toHaveFocus();
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('option', { name: 'Damson' }));
    expect(chosen()).toBe('[Damson]');
    expect(box()).toHaveFocus();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('option', { name: 'Damson' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(toggle);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes and tells the widget when focus leaves, not when it moves within', async () => {
    const onLeave = vi.fn();
    render(<Harness onLeave={onLeave} />);
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}');
    fireEvent.blur(box(), { relatedTarget: screen.getByRole('button', { name: 'Show fruit' }) });
    expect(onLeave).not.toHaveBeenCalled();
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    expect(onLeave).toHaveBeenCalledTimes(1);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('marks the highlighted option with the shared and the widget class', async () => {
    render(<Harness />);
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}');
    const option = screen.getByRole('option', { name: 'Apple' });
    expect(option).toHaveClass(
      'combobox__option',
      'fruit__option',
      'combobox__option--active',
      'fruit__option--active',
    );
    expect(screen.getByRole('option', { name: 'Banana' })).not.toHaveClass('combobox__option--active');
    expect(comboboxClass('fruit', 'listbox')).toBe('combobox__listbox fruit__listbox');
  });
});

describe('ComboboxField', () => {
  const field = (props: { message?: string; readOnly?: boolean; required?: boolean }) => (
    <ComboboxField
      block="fruit"
      inputId="fruit"
      label="Fruit"
      hint="For example, Apple"
      required={props.required ?? false}
      readOnly={props.readOnly ?? false}
      message={props.message}
      messageAction={<button type="button">Try again</button>}
      wrapperRef={null}
      onBlur={() => undefined}
    >
      <input id="fruit" aria-describedby={comboboxIds('fruit').hintId} />
    </ComboboxField>
  );

  it('labels the box and shows the hint, marking a required field', () => {
    render(field({ required: true }));
    expect(screen.getByRole('textbox', { name: 'Fruit' })).toHaveAccessibleDescription('For example, Apple');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByText(/Error:/)).not.toBeInTheDocument();
  });

  it('shows the message with its action and marks the whole field', () => {
    const { container } = render(field({ message: 'Choose a fruit' }));
    const message = document.getElementById(comboboxIds('fruit').errorId);
    expect(message).toHaveTextContent('Error: Choose a fruit');
    expect(within(message as HTMLElement).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(container.firstChild).toHaveClass('combobox', 'fruit', 'combobox--error', 'fruit--error');
  });

  it('drops the hint when read-only', () => {
    render(field({ readOnly: true }));
    expect(screen.queryByText('For example, Apple')).not.toBeInTheDocument();
  });
});
