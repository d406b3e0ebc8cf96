// oidc-provider ships no types; the SSO tests use this much of it.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type ProviderAccount = { accountId: string; claims: () => Promise<Record<string, unknown>> };
  export type ProviderConfiguration = {
    clients?: Array<Record<string, unknown>>;
    findAccount?: (context: unknown, id: string) => Promise<ProviderAccount | undefined>;
    claims?: Record<string, string[]>;
    features?: Record<string, { enabled: boolean }>;
    cookies?: { keys?: string[] };
    pkce?: { required?: () => boolean };
    [key: string]: unknown;
  };

  export class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
