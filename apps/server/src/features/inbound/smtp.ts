import { once } from 'node:events';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { ClientRow } from '../../access/clients';
import { isStorageFull } from '../../files/file-store';
import type { Services } from '../../services';
import { uploadTempDir } from '../uploads';
import { checkMailAuth, type DnsResolver, type MailAuthVerdict, UNCHECKED } from './mail-auth';
import { MailUnreadable, type ReadMail, readMail } from './mail-sandbox';
import { deliverMail, findRecipient, maySend, recordRefusal } from './service';

export type InboundSmtp = { port: number; close: () => Promise<void> };

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

const senderOf = (session: SMTPServerSession) =>
  session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : '';

/**
 * Writes the DATA stream to `path` as it arrives, never holding the mail in memory; past `limit` bytes the
 * rest is read and dropped (the client must finish sending before it hears the refusal). Resolves whether
 * the mail was too big; rejects with the file's error (a full disk) once the stream has ended.
 */
function receiveToFile(
  stream: SMTPServerDataStream,
  limit: number,
  path: string,
): Promise<{ tooBig: boolean }> {
  return new Promise((resolve, reject) => {
    const file = createWriteStream(path);
    let size = 0;
    let failure: Error | null = null;
    file.on('error', (error) => {
      failure ??= error;
      stream.resume();
    });
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit || failure) return;
      if (!file.write(chunk)) {
        stream.pause();
        file.once('drain', () => stream.resume());
      }
    });
    stream.on('error', (error) => {
      file.destroy();
      reject(error);
    });
    stream.on('end', () => {
      if (failure) {
        file.destroy();
        return reject(failure);
      }
      file.end(() => (failure ? reject(failure) : resolve({ tooBig: stream.sizeExceeded || size > limit })));
    });
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
    // Enough for a busy MX's parallel deliveries; each message goes to disk, and is read in a sandbox.
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
    // The mail goes to disk as it arrives (issue #35): neither its bytes nor its parsing are the API's.
    const tempDir = uploadTempDir(config);
    let dir: string | null = null;
    try {
      await mkdir(tempDir, { recursive: true });
      dir = await mkdtemp(join(tempDir, 'upload-smtp-'));
      const path = join(dir, 'message.eml');
      const { tooBig } = await receiveToFile(stream, limit, path);
      if (tooBig) return smtpError(552, `5.3.4 Message too big (limit ${limit} bytes)`);
      return await handleMessage(path, session);
    } catch (error) {
      if (!isStorageFull(error)) throw error;
      // The sender hears the answer only once it has sent the whole mail.
      if (!stream.readableEnded) {
        stream.resume();
        await once(stream, 'end');
      }
      logger.error({ err: error }, 'inbound mail: the disk is full');
      return smtpError(452, '4.3.1 Insufficient system storage, try again later');
    } finally {
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  }

  async function handleMessage(path: string, session: SMTPServerSession): Promise<string | Error> {
    const clients = new Map<string, ClientRow>();
    for (const rcpt of session.envelope.rcptTo) {
      const client = await findRecipient(services, rcpt.address);
      if (client) clients.set(client.id, client);
    }
    let read: ReadMail;
    try {
      read = await readMail(
        { path },
        {
          tempDir: uploadTempDir(config),
          limits: { maxFileBytes: config.UPLOAD_MAX_FILE_BYTES, maxFiles: config.UPLOAD_MAX_FILES },
        },
      );
    } catch (error) {
      // A MIME tree mailparser will not walk (too many or too deeply nested parts) never parses on a retry.
      if (error instanceof MailUnreadable)
        return smtpError(554, `5.6.0 The message cannot be read (${error.message.slice(0, 100)})`);
      throw error;
    }
    try {
      const { head, parts } = read;
      const checked = await authenticateSender(path, session);
      if (checked.result === 'fail' && config.INBOUND_MAIL_AUTH === 'enforce') {
        for (const client of clients.values())
          await recordRefusal(services, client, {
            channel: 'smtp',
            sender: senderOf(session) || '<>',
            subject: head.subject?.slice(0, 500) ?? null,
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
        head,
        parts: async () => parts,
        checked,
      });
      logger.info({ deliveries: deliveries.map((d) => d.status) }, 'inbound mail received');
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
    } finally {
      await read.dispose();
    }
  }

  /** SPF, DKIM and DMARC of the mail as it arrived (ADR 0017); a check that breaks leaves it unchecked. */
  async function authenticateSender(path: string, session: SMTPServerSession): Promise<MailAuthVerdict> {
    if (config.INBOUND_MAIL_AUTH === 'off') return UNCHECKED;
    try {
      // Read from disk as a stream: the DKIM body hash never needs the whole mail in memory.
      return await checkMailAuth(createReadStream(path), {
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
