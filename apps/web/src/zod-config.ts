import { config } from 'zod';

// The server's content security policy forbids eval: zod must neither compile its validators nor
// probe whether it may (the probe's caught `new Function` is still reported as a CSP violation).
// A module of its own, imported first by main.tsx: zod probes when the first object schema is
// built, which the contract's modules do as they load, before main.tsx's own code runs.
config({ jitless: true });
