import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useHashState } from './use-hash-state';

function Tabs() {
  const [state, setState] = useHashState({ tab: { default: '0', allowed: ['0', '1'] }, user_id: { default: null, allowed: /\d+/ } });
  return (
    <div>
      <p>tab {state.tab}</p>
      <p>user {state.user_id ?? 'none'}</p>
      <button type="button" onClick={() => setState({ tab: '1', user_id: 3 })}>
        second
      </button>
    </div>
  );
}

describe('useHashState', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/portal/team/4');
  });

  it('reads the hash, writes it, and reacts to hashchange', async () => {
    window.history.replaceState(null, '', '/portal/team/4#tab=9');
    render(<Tabs />);
    expect(screen.getByText('tab 0')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'second' }));
    expect(window.location.hash).toBe('#tab=1&user_id=3');
    expect(screen.getByText('tab 1')).toBeInTheDocument();
    expect(screen.getByText('user 3')).toBeInTheDocument();
    act(() => {
      window.history.replaceState(null, '', '/portal/team/4#tab=0&user_id=8');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(screen.getByText('tab 0')).toBeInTheDocument();
    expect(screen.getByText('user 8')).toBeInTheDocument();
  });
});
