import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Map<string, string>;
  text: string;
  /** The credentials the client logged in with, if any. */
  auth?: { username: string; password: string };
}

export interface MailReceiver {
  port: number;
  url: string;
  /** Messages the server accepted. */
  messages: ReceivedMail[];
  /** Message-IDs of every message transmitted, accepted or not. */
  seenIds: string[];
  /** Answers the end of DATA with these reply codes in turn, then 250. */
  rejections: number[];
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (no TLS) that keeps what it receives; `port` reuses a known one. */
export async function startMailReceiver(options: { port?: number; requireAuth?: boolean } = {}): Promise<MailReceiver> {
  const messages: ReceivedMail[] = [];
  const seenIds: string[] = [];
  const rejections: number[] = [];
  const server = new SMTPServer({
    authOptional: !options.requireAuth,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: { username: auth.username, password: auth.password } });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('latin1'));
        seenIds.push(mail.headers.get('message-id') ?? '');
        const code = rejections.shift();
        if (code) return callback(Object.assign(new Error(code >= 500 ? 'Refused by test' : 'Try again later'), { responseCode: code }));
        const user = session.user as { username: string; password: string } | undefined;
        messages.push({
          ...mail,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          ...(user ? { auth: user } : {}),
        });
        callback();
      });
    },
  });
  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, '127.0.0.1', () => ready());
  });
  const port = (server.server.address() as { port: number }).port;
  return { port, url: `smtp://127.0.0.1:${port}`, messages, seenIds, rejections, close: () => new Promise<void>((done) => server.close(() => done())) };
}

/** Headers (unfolded, RFC 2047 words decoded) and the text body (quoted-printable or base64) of a plain message. */
function parseMail(raw: string): { headers: Map<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  const body = raw.slice(split + 4);
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const bytes =
    encoding === 'quoted-printable'
      ? Buffer.from(
          body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        )
      : encoding === 'base64'
        ? Buffer.from(body, 'base64')
        : Buffer.from(body, 'latin1');
  return { headers, text: bytes.toString('utf8').replace(/\r\n/g, '\n').replace(/\n$/, '') };
}

function decodeWords(value: string): string {
  // Adjacent encoded words are one run of bytes: a character may be split between them.
  return value.replace(/=\?[^?]+\?[QqBb]\?[^?]*\?=(?:\s+=\?[^?]+\?[QqBb]\?[^?]*\?=)*/g, (run) => {
    const parts = [...run.matchAll(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g)].map(([, kind, text]) =>
      kind!.toUpperCase() === 'B'
        ? Buffer.from(text!, 'base64')
        : Buffer.from(
            text!.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ),
    );
    return Buffer.concat(parts).toString('utf8');
  });
}
