import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MarkdownEditor, type MarkdownEditorProps } from './markdown-editor';

function Harness({ initial = '', ...rest }: Partial<MarkdownEditorProps> & { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MarkdownEditor label="About you" {...rest} value={value} onChange={setValue} />
      <button type="button">Elsewhere</button>
    </>
  );
}

const box = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'About you' });
const toolbar = () => screen.getByRole('toolbar', { name: 'Formatting for About you' });

function select(element: HTMLTextAreaElement, start: number, end: number) {
  element.focus();
  element.setSelectionRange(start, end);
}

describe('MarkdownEditor', () => {
  it('is a labelled text box of 10 rows', () => {
    render(<Harness />);
    expect(box()).toHaveAttribute('rows', '10');
  });

  it('offers the nine labelled toolbar buttons of §9 in order', () => {
    render(<Harness />);
    const names = within(toolbar())
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual([
      'Heading',
      'Bold',
      'Italic',
      'Link',
      'Quote',
      'Code',
      'Image',
      'Bulleted list',
      'Numbered list',
    ]);
  });

  it('wraps the selection in bold and gives focus back to the text box with the word selected', async () => {
    const user = userEvent.setup();
    render(<Harness initial="say hello now" />);
    select(box(), 4, 9);
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(box()).toHaveValue('say **hello** now');
    expect(box()).toHaveFocus();
    expect([box().selectionStart, box().selectionEnd]).toEqual([6, 11]);
  });

  it('prefixes the selected lines for lists, quotes and headings', async () => {
    const user = userEvent.setup();
    render(<Harness initial={'one\ntwo'} />);
    select(box(), 0, 7);
    await user.click(screen.getByRole('button', { name: 'Numbered list' }));
    expect(box()).toHaveValue('1. one\n2. two');
    select(box(), 0, 0);
    await user.click(screen.getByRole('button', { name: 'Quote' }));
    expect(box()).toHaveValue('> 1. one\n2. two');
  });

  it('moves between buttons with the arrow keys, Home and End, as one tab stop', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const buttons = within(toolbar()).getAllByRole('button');
    expect(buttons.filter((button) => button.tabIndex === 0)).toHaveLength(1);
    await user.tab();
    expect(buttons[0]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(buttons[1]).toHaveFocus();
    expect(buttons[1]).toHaveAttribute('tabindex', '0');
    expect(buttons[0]).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(buttons[8]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(buttons[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(buttons[8]).toHaveFocus();
    await user.tab();
    expect(box()).toHaveFocus();
  });

  it('applies a command from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness initial="x" />);
    select(box(), 0, 1);
    await user.tab({ shift: true });
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(box()).toHaveValue('_x_');
    expect(box()).toHaveFocus();
  });

  describe('link popup', () => {
    it('asks for the address with the selection as text, and inserts the link', async () => {
      const user = userEvent.setup();
      render(<Harness initial="see our site now" />);
      select(box(), 4, 12);
      await user.click(screen.getByRole('button', { name: 'Link' }));
      const dialog = screen.getByRole('dialog', { name: 'Insert link' });
      expect(screen.getByRole('button', { name: 'Link' })).toHaveAttribute('aria-expanded', 'true');
      const url = within(dialog).getByRole('textbox', { name: 'Link address' });
      expect(url).toHaveFocus();
      expect(within(dialog).getByRole('textbox', { name: 'Link text' })).toHaveValue('our site');
      await user.type(url, 'https://example.org');
      await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(box()).toHaveValue('see [our site](https://example.org) now');
      expect(box()).toHaveFocus();
    });

    it('inserts on Enter without submitting a surrounding form', async () => {
      const user = userEvent.setup();
      let submitted = false;
      render(
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submitted = true;
          }}
        >
          <Harness />
        </form>,
      );
      await user.click(screen.getByRole('button', { name: 'Link' }));
      await user.keyboard('example.org{Enter}');
      expect(submitted).toBe(false);
      expect(box()).toHaveValue('[example.org](example.org)');
    });

    it('needs an address', async () => {
      const user = userEvent.setup();
      render(<Harness />);
      await user.click(screen.getByRole('button', { name: 'Link' }));
      await user.click(screen.getByRole('button', { name: 'Insert' }));
      const url = screen.getByRole('textbox', { name: 'Link address' });
      expect(url).toHaveAccessibleDescription('Error: Please enter the link address');
      expect(url).toHaveFocus();
      expect(box()).toHaveValue('');
    });

    it('closes on Escape and on Cancel, returning focus to the Link button and changing nothing', async () => {
      const user = userEvent.setup();
      render(<Harness initial="text" />);
      const link = screen.getByRole('button', { name: 'Link' });
      await user.click(link);
      await user.keyboard('example.org{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(link).toHaveFocus();
      await user.click(link);
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(link).toHaveFocus();
      expect(box()).toHaveValue('text');
    });
  });

  it('shows an asterisk and a hidden "required" when required', () => {
    render(<Harness required />);
    const textarea = screen.getByRole('textbox', { name: 'About you required' });
    expect(textarea).toHaveAttribute('aria-required', 'true');
    expect(screen.getByText('About you', { exact: false }).textContent).toBe('About you *required');
  });

  it('shows the error next to the field', () => {
    render(<Harness error="Please provide a value" />);
    expect(box()).toHaveAccessibleDescription('Error: Please provide a value');
    expect(box()).toHaveAttribute('aria-invalid', 'true');
  });

  it('cannot be changed when read-only or busy', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <MarkdownEditor label="About you" value="fixed" onChange={() => undefined} readOnly />,
    );
    expect(box()).toHaveAttribute('readonly');
    for (const button of within(toolbar()).getAllByRole('button')) {
      expect(button).toBeDisabled();
    }
    await user.type(box(), 'more');
    expect(box()).toHaveValue('fixed');
    rerender(<MarkdownEditor label="About you" value="fixed" onChange={() => undefined} busy />);
    expect(box().closest('[aria-busy="true"]')).not.toBeNull();
    expect(box()).toHaveAttribute('readonly');
  });
});
