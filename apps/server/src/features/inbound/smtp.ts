import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Services } from '../../services';
import type { ClientRow } from '../clients/repo';
import { checkMailAuth, type DnsResolver, type MailAuthVerdict, UNCHECKED } from './mail-auth';
import { parseMail } from './parts';
import { deliverMail, findRecipient, maySend, recordRefusal } from './service';

export type InboundSmtp = { port: number; close: () => Promise<void> };

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

const senderOf = (session: SMTPServerSession) =>
  session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : '';

/** Reads the DATA stream, keeping at most `limit` bytes; `sizeExceeded` tells whether there was more. */
function readMessage(stream: SMTPServerDataStream, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    stream.on('error', reject);
    stream.on('end', () => resolve(stream.sizeExceeded || size > limit ? null : Buffer.concat(chunks)));
  });
}

/**
 * The embedded SMTP receiver: takes mail for the clients' inbound addresses only. Strangers are refused at
 * RCPT time (550 5.7.1, nothing is read, nothing kept but a line on the client's page); a mail over the size
 * limit is refused (552); a mail whose files the owner's credits cannot cover gets a temporary refusal
 * (452), so the sending server tries again later, after the accountant has bought credits. No AUTH: this is
 * an MX, not a submission server. STARTTLS is offered when a certificate is configured.
 */
export async function startInboundSmtp(
  services: Services,
  options: {
    port?: number;
    host?: string;
    /** DNS for the SPF/DKIM/DMARC check; tests pass a fake map. Default: the system's resolver. */
    resolver?: DnsResolver;
  } = {},
): Promise<InboundSmtp> {
  const { config, logger } = services;
  const limit = config.INBOUND_MAX_MESSAGE_BYTES;
  const tls =
    config.INBOUND_TLS_KEY_FILE && config.INBOUND_TLS_CERT_FILE
      ? { key: readFileSync(config.INBOUND_TLS_KEY_FILE), cert: readFileSync(config.INBOUND_TLS_CERT_FILE) }
      : null;

  const server = new SMTPServer({
    name: config.INBOUND_EMAIL_DOMAIN,
    banner: 'Cuadra inbound mail',
    size: limit,
    authOptional: true,
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(tls ?? {}),
    logger: false,
    // Enough for a busy MX's parallel deliveries; each connection holds at most one message in memory.
    maxClients: 20,
    onRcptTo(address, session, callback) {
      findRecipient(services, address.address)
        .then(async (client) => {
          if (!client) return callback(smtpError(550, '5.1.1 No such mailbox here'));
          const sender = senderOf(session);
          if (!(await maySend(services, client, sender))) {
            await recordRefusal(services, client, { channel: 'smtp', sender: sender || '<>' });
            return callback(smtpError(550, '5.7.1 This sender may not send to this address'));
          }
          callback();
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, 'inbound RCPT failed');
          callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
        });
    },
    onData(stream, session, callback) {
      handleData(stream, session)
        .then((reply) => (typeof reply === 'string' ? callback(null, reply) : callback(reply)))
        .catch((error: unknown) => {
          logger.error({ err: error }, 'inbound DATA failed');
          callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
        });
    },
  });

  async function handleData(
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
  ): Promise<string | Error> {
    const raw = await readMessage(stream, limit);
    if (!raw) return smtpError(552, `5.3.4 Message too big (limit ${limit} bytes)`);
    const clients = new Map<string, ClientRow>();
    for (const rcpt of session.envelope.rcptTo) {
      const client = await findRecipient(services, rcpt.address);
      if (client) clients.set(client.id, client);
    }
    // A MIME tree mailparser will not walk (too many or too deeply nested parts) never parses on a retry.
    const mail = await parseMail(raw).catch((error: Error) => error);
    if (mail instanceof Error)
      return smtpError(554, `5.6.0 The message cannot be read (${mail.message.slice(0, 100)})`);
    const checked = await authenticateSender(raw, session);
    if (checked.result === 'fail' && config.INBOUND_MAIL_AUTH === 'enforce') {
      for (const client of clients.values())
        await recordRefusal(services, client, {
          channel: 'smtp',
          sender: senderOf(session) || '<>',
          subject: mail.subject?.slice(0, 500) ?? null,
          spf: checked.spf,
          dkim: checked.dkim,
          dmarc: checked.dmarc,
          mailAuth: checked.result,
        });
      return smtpError(550, `5.7.1 Sender not authenticated: ${checked.reason}`);
    }
    const deliveries = await deliverMail(services, {
      channel: 'smtp',
      sender: senderOf(session),
      clients: [...clients.values()],
      mail,
      checked,
    });
    logger.info({ deliveries: deliveries.map((d) => d.status), size: raw.length }, 'inbound mail received');
    if (deliveries.length && deliveries.every((d) => d.status === 'no_credits'))
      return smtpError(452, '4.2.2 Not enough credits to read these invoices now, try again later');
    // The monthly limit frees up only next month: a permanent "over quota", not a retry.
    if (deliveries.length && deliveries.every((d) => d.status === 'over_monthly_limit'))
      return smtpError(552, '5.2.2 This client has reached its monthly upload limit');
    const overBudget = deliveries.find((d) => d.overBudget)?.overBudget;
    if (overBudget && deliveries.every((d) => d.status === 'refused'))
      return smtpError(552, `5.3.4 Refused: ${overBudget.reason} (${overBudget.part.slice(0, 200)})`);
    if (deliveries.length && deliveries.every((d) => d.status === 'refused'))
      return smtpError(550, '5.7.1 This sender may not send to this address');
    return 'OK: received';
  }

  /** SPF, DKIM and DMARC of the mail as it arrived (ADR 0017); a check that breaks leaves it unchecked. */
  async function authenticateSender(raw: Buffer, session: SMTPServerSession): Promise<MailAuthVerdict> {
    if (config.INBOUND_MAIL_AUTH === 'off') return UNCHECKED;
    try {
      return await checkMailAuth(raw, {
        ip: session.remoteAddress,
        helo: session.hostNameAppearsAs,
        sender: senderOf(session),
        mta: config.INBOUND_EMAIL_DOMAIN,
        resolver: options.resolver,
      });
    } catch (error) {
      logger.warn({ err: error }, 'inbound mail authentication check failed');
      return UNCHECKED;
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(
      options.port ?? config.INBOUND_SMTP_PORT ?? 0,
      options.host ?? config.INBOUND_SMTP_HOST,
      () => {
        server.off('error', reject);
        resolve();
      },
    );
  });
  server.on('error', (error) => logger.warn({ err: error }, 'inbound SMTP connection error'));
  const port = (server.server.address() as AddressInfo).port;
  logger.info({ port, starttls: Boolean(tls) }, 'inbound SMTP receiver listening');
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
