import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as routerModule from './router';
import { createAppRouter } from './router';
import { staticFrameHtml } from './test-support';
import { startApp } from './start-app';

vi.mock('./router', async (importOriginal) => {
  const actual = await importOriginal<typeof routerModule>();
  return { ...actual, createAppRouter: vi.fn(actual.createAppRouter) };
});

vi.mock('../lib/heartbeat/heartbeat', () => ({ startHeartbeat: vi.fn() }));

const staticFrame = staticFrameHtml();

describe('startApp', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('starts the router and renders the frame each in a task after the one that called it', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    // The frame index.html paints before the app's script runs.
    root.innerHTML = staticFrame;
    const pauses: Array<() => void> = [];
    const pause = () =>
      new Promise<void>((resolve) => {
        pauses.push(resolve);
      });

    const started = startApp(root, pause);
    expect(pauses).toHaveLength(1);
    expect(createAppRouter).not.toHaveBeenCalled();
    expect(root.innerHTML).toBe(staticFrame);

    pauses[0]?.();
    await waitFor(() => expect(pauses).toHaveLength(2));
    expect(createAppRouter).toHaveBeenCalledOnce();
    expect(root.innerHTML).toBe(staticFrame);

    pauses[1]?.();
    await started;
    await waitFor(() => expect(root.querySelector('header')).toHaveTextContent('Muster'));
    // The app's frame in place of index.html's, not beside it.
    expect(root.querySelectorAll('header')).toHaveLength(1);
    expect(root.querySelectorAll('main')).toHaveLength(1);
  });
});
