import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the test server accepted: envelope and raw source. */
export type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on a random local port that keeps what it receives; `refuse` is a recipient it refuses. */
export async function startSmtpServer(options: { refuse?: string } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    secure: false,
    // Plain SMTP on localhost: offering STARTTLS would make nodemailer check a self-signed certificate.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === options.refuse) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
