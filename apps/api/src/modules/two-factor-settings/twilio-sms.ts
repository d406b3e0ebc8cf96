import type twilio from 'twilio';
import type { SmsProvider } from '../outbox/service.js';

export type TwilioSettings = {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or alphanumeric sender id. */
  from: string;
  /** Another API origin instead of `https://api.twilio.com` (tests use a local server). */
  apiBase?: string | undefined;
};

const TWILIO_API = 'https://api.twilio.com';

type RequestOptions<TData> = Parameters<InstanceType<typeof twilio.RequestClient>['request']>[0] & {
  data?: TData;
};

/**
 * The outbox's SMS gateway through Twilio's Messages API (the `twilio` package). A refusal
 * (invalid number, unverified sender, …) rejects with Twilio's message, which the outbox records
 * on the stored message.
 */
export function createTwilioSmsProvider(settings: TwilioSettings): SmsProvider {
  let client: Promise<ReturnType<typeof twilio>> | undefined;
  return {
    async send(to, text) {
      // The twilio package loads with the first text, not with every server that could send one.
      client ??= connectTwilio(settings);
      await (await client).messages.create({ to, from: settings.from, body: text });
    },
  };
}

async function connectTwilio(settings: TwilioSettings): Promise<ReturnType<typeof twilio>> {
  const { default: twilioClient } = await import('twilio');
  const base = settings.apiBase?.replace(/\/$/, '');
  let httpClient: InstanceType<typeof twilio.RequestClient> | undefined;
  if (base) {
    const origin = base;
    // Documented extension point: a custom request client; this one only swaps the origin.
    class RedirectingClient extends twilioClient.RequestClient {
      override request<TData>(opts: RequestOptions<TData>) {
        return super.request<TData>({ ...opts, uri: (opts.uri ?? '').replace(TWILIO_API, origin) });
      }
    }
    httpClient = new RedirectingClient();
  }
  return twilioClient(settings.accountSid, settings.authToken, {
    autoRetry: false,
    ...(httpClient ? { httpClient } : {}),
  });
}
