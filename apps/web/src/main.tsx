import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as configureZod } from 'zod';
import { App } from './app/app';
import './app/styles.css';

// The server's content security policy forbids eval: zod must neither compile its validators nor
// probe whether it may (the probe's caught `new Function` is still reported as a CSP violation).
configureZod({ jitless: true });

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
