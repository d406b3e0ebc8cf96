import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as routerModule from './router';
import { createAppRouter } from './router';
import { startApp } from './start-app';

vi.mock('./router', async (importOriginal) => {
  const actual = await importOriginal<typeof routerModule>();
  return { ...actual, createAppRouter: vi.fn(actual.createAppRouter) };
});

vi.mock('../lib/heartbeat/heartbeat', () => ({ startHeartbeat: vi.fn() }));

describe('startApp', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('starts the router and renders the frame each in a task after the one that called it', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    const pauses: Array<() => void> = [];
    const pause = () =>
      new Promise<void>((resolve) => {
        pauses.push(resolve);
      });

    const started = startApp(root, pause);
    expect(pauses).toHaveLength(1);
    expect(createAppRouter).not.toHaveBeenCalled();
    expect(root).toBeEmptyDOMElement();

    pauses[0]?.();
    await waitFor(() => expect(pauses).toHaveLength(2));
    expect(createAppRouter).toHaveBeenCalledOnce();
    expect(root).toBeEmptyDOMElement();

    pauses[1]?.();
    await started;
    await waitFor(() => expect(root.querySelector('header')).toHaveTextContent('Muster'));
  });
});
