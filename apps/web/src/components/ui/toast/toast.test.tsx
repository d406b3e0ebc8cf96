import { act, render, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api/client';
import { createTokenStore } from '../../../lib/api/token-store';
import { ApiErrorToasts, SERVICE_UNAVAILABLE_MESSAGE } from './api-error-toasts';
import { ToastProvider, useToast, type ToastApi } from './toast';

let api: ToastApi;
function Grab() {
  const toasts = useToast();
  useEffect(() => {
    api = toasts;
  }, [toasts]);
  return null;
}

function renderProvider() {
  return render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  );
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the newest on top, in a top-right region', () => {
    renderProvider();
    act(() => {
      api.show('First');
      api.show({ message: 'Second', tone: 'success' });
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveClass('toast-region');
    const items = within(region).getAllByRole('status');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Second'),
      expect.stringContaining('First'),
    ]);
  });

  it('closes each toast after 5000 ms', () => {
    renderProvider();
    act(() => {
      api.show('First');
    });
    act(() => {
      vi.advanceTimersByTime(2000);
      api.show('Second');
    });
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.getByText('First')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('uses role alert for errors and status otherwise, and dismisses on its button', () => {
    renderProvider();
    act(() => {
      api.show({ message: 'Saved', tone: 'success' });
      api.show({ message: 'Broken', tone: 'error' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Broken');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => {
      within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss notification' }).click();
    });
    expect(screen.queryByText('Broken')).not.toBeInTheDocument();
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });

  it('turns a 503 reported through the error hook into an error toast', async () => {
    vi.useRealTimers();
    const fetch = () => Promise.resolve(new Response(JSON.stringify({ message: 'Down' }), { status: 503 }));
    const client = createApiClient({ tokenStore: createTokenStore({ storage: null }), fetch });
    render(
      <ToastProvider>
        <ApiErrorToasts client={client} />
      </ToastProvider>,
    );
    await act(async () => {
      await client.get('x').catch(() => undefined);
    });
    expect(screen.getByRole('alert')).toHaveTextContent(SERVICE_UNAVAILABLE_MESSAGE);
  });
});
