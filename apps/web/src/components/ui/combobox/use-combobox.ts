import { useEffect, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';

/** Which way an arrow key opened the list: Down starts at the top, Up at the bottom. */
export type ComboboxDirection = 'down' | 'up';

export type UseComboboxOptions<T> = {
  /** The options the list shows now (after any filtering). */
  items: readonly T[];
  /** The DOM id of an option, for `aria-activedescendant`. */
  optionId: (item: T) => string;
  /** The id of the listbox the text box controls. */
  listboxId: string;
  /** The element around the text box, button and list: focus moving within it is not leaving. */
  wrapperRef: RefObject<HTMLElement | null>;
  /** The text box, focused again after a click on the button or an option. */
  inputRef: RefObject<HTMLInputElement | null>;
  readOnly?: boolean;
  disabled?: boolean;
};

/** What the widget does with the keys the shared rules hand over. */
export type ComboboxKeyHandlers<T> = {
  /** Opens the closed list from an arrow key, normally through `openAt`. */
  open: (direction: ComboboxDirection) => void;
  /** Enter while the list is open or typed text is pending; the item is the highlighted one, if any. */
  enter: (active: T | undefined) => void;
  /** Enter with the list closed and nothing pending; the browser's default (form submit) goes ahead. */
  enterClosed?: () => void;
  /** Escape while the list is open or typed text is pending, before the list closes. */
  escape?: () => void;
  /** The widget holds typed text that Enter or Escape should settle even with the list closed. */
  pending?: boolean;
};

/**
 * The shared state and keyboard rules of a WAI-ARIA editable combobox (list autocomplete, manual
 * selection): whether the list is open, which option is highlighted, Down/Up/Home/End movement,
 * Enter and Escape, keeping the highlighted option in sight and closing when focus leaves the
 * widget. What the options are and what choosing one means stays with the widget.
 */
export function useCombobox<T>({
  items,
  optionId,
  listboxId,
  wrapperRef,
  inputRef,
  readOnly = false,
  disabled = false,
}: UseComboboxOptions<T>) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  const expanded = open && items.length > 0 && !readOnly && !disabled;
  const activeItem = expanded && activeIndex >= 0 ? items[activeIndex] : undefined;
  const activeId = activeItem !== undefined ? optionId(activeItem) : undefined;

  useEffect(() => {
    // Keep the highlighted option in sight in the scrolling list (jsdom has no scrollIntoView).
    const element = activeId ? document.getElementById(activeId) : null;
    if (element && typeof element.scrollIntoView === 'function') {
      element.scrollIntoView({ block: 'nearest' });
    }
  }, [activeId]);

  function close() {
    setOpen(false);
    setActiveIndex(-1);
  }

  /** Opens the list on `preferred`, or, when that is -1, on the first or last of `count` options. */
  function openAt(preferred: number, direction: ComboboxDirection, count: number = items.length) {
    setOpen(true);
    setActiveIndex(preferred >= 0 ? preferred : direction === 'down' ? 0 : count - 1);
  }

  /** Opens the list with nothing highlighted, as typing does. */
  function showMatches() {
    setOpen(true);
    setActiveIndex(-1);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>, handlers: ComboboxKeyHandlers<T>) {
    if (readOnly) {
      return;
    }
    const last = items.length - 1;
    const live = expanded || handlers.pending === true;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!expanded) {
          handlers.open('down');
        } else {
          setActiveIndex(activeIndex < 0 ? 0 : Math.min(activeIndex + 1, last));
        }
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!expanded) {
          handlers.open('up');
        } else {
          setActiveIndex(activeIndex < 0 ? last : Math.max(activeIndex - 1, 0));
        }
        return;
      case 'Home':
      case 'End':
        // With the list closed, Home and End move the caret as in any text box.
        if (expanded) {
          event.preventDefault();
          setActiveIndex(event.key === 'Home' ? 0 : last);
        }
        return;
      case 'Enter':
        if (!live) {
          handlers.enterClosed?.();
          return;
        }
        // Choosing from the open list must not also submit the form.
        event.preventDefault();
        handlers.enter(activeItem);
        return;
      case 'Escape':
        if (live) {
          event.preventDefault();
          handlers.escape?.();
          close();
        }
        return;
      default:
        return;
    }
  }

  /** Closes the list and calls `leave` when focus moves out of the wrapper, not within it. */
  function handleBlur(event: FocusEvent, leave: () => void) {
    const to = event.relatedTarget;
    if (to instanceof Node && wrapperRef.current?.contains(to)) {
      return;
    }
    close();
    leave();
  }

  /** The toggle button: closes the open list or opens it through `openList`, keeping focus in the box. */
  function toggle(openList: () => void) {
    if (expanded) {
      close();
    } else {
      openList();
    }
    focusInput();
  }

  function focusInput() {
    inputRef.current?.focus();
  }

  /** The combobox attributes of the text box. */
  const inputProps = {
    role: 'combobox',
    autoComplete: 'off',
    spellCheck: false,
    'aria-autocomplete': 'list',
    'aria-expanded': expanded,
    'aria-controls': listboxId,
    'aria-activedescendant': activeId,
  } as const;

  /** The state `ComboboxListbox` shows. */
  const listboxProps = { id: listboxId, expanded, activeIndex, items, optionId };

  /** The state `ComboboxToggle` shows. */
  const toggleProps = { listboxId, expanded };

  return {
    /** The list is wanted open, even while it has no options to show. */
    open,
    /** The list is open and showing options. */
    expanded,
    activeIndex,
    activeItem,
    inputProps,
    listboxProps,
    toggleProps,
    close,
    openAt,
    showMatches,
    handleKeyDown,
    handleBlur,
    toggle,
    focusInput,
  };
}
