import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useValidator } from './use-validator';

const rules = { email: 'required|email', nickname: 'max:5' };

describe('useValidator', () => {
  it('leaves an untouched empty field alone, and checks it once blurred', () => {
    const { result } = renderHook(() => useValidator(rules, { labels: { email: 'Email address' } }));
    act(() => {
      result.current.validateField('email', { email: '' });
    });
    expect(result.current.errors).toEqual({});
    act(() => {
      result.current.blur('email', { email: '' });
    });
    expect(result.current.errors).toEqual({ email: 'Email address is required' });
  });

  it('checks a non-empty field as it changes, and clears the error once fixed', () => {
    const { result } = renderHook(() => useValidator(rules));
    act(() => {
      result.current.validateField('email', { email: 'ada@' });
    });
    expect(result.current.errors).toEqual({ email: 'Please enter a valid email address' });
    act(() => {
      result.current.validateField('email', { email: 'ada@example.org' });
    });
    expect(result.current.errors).toEqual({});
  });

  it('validates everything before submit, then resets', () => {
    const { result } = renderHook(() =>
      useValidator(rules, { messages: { nickname: { max: 'Five letters at most' } } }),
    );
    let outcome: ReturnType<typeof result.current.validateAll> | undefined;
    act(() => {
      outcome = result.current.validateAll({ email: '', nickname: 'Lovelace' });
    });
    expect(outcome).toEqual({
      valid: false,
      errors: { email: 'Email is required', nickname: 'Five letters at most' },
    });
    expect(result.current.errors).toEqual(outcome?.errors);
    act(() => result.current.reset());
    expect(result.current.errors).toEqual({});
  });

  it('keeps its actions stable across renders', () => {
    const { result, rerender } = renderHook(() => useValidator(rules));
    const { blur, validateAll } = result.current;
    rerender();
    expect(result.current.blur).toBe(blur);
    expect(result.current.validateAll).toBe(validateAll);
  });

  it('drives a form: the message appears next to the field on blur', async () => {
    const user = userEvent.setup();
    function Form() {
      const [email, setEmail] = useState('');
      const { errors, blur, validateField } = useValidator(
        { email: 'required|email' },
        { labels: { email: 'Email address' } },
      );
      return (
        <form>
          <label htmlFor="email">Email address</label>
          <input
            id="email"
            value={email}
            aria-describedby={errors.email ? 'email-error' : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              validateField('email', { email: event.target.value });
            }}
            onBlur={() => blur('email', { email })}
          />
          {errors.email ? <p id="email-error">{errors.email}</p> : null}
          <button type="button">Next</button>
        </form>
      );
    }
    render(<Form />);
    await user.click(screen.getByLabelText('Email address'));
    expect(screen.queryByText('Email address is required')).toBeNull();
    await user.tab();
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Email address is required');
    await user.type(screen.getByLabelText('Email address'), 'ada@example.org');
    expect(screen.getByLabelText('Email address')).not.toHaveAccessibleDescription();
  });
});
