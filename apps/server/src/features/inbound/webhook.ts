import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { htmlToText, type InboundMail } from './parts';

/**
 * A Postmark-style inbound webhook body (the fields we read). SendGrid and Mailgun post the same facts as
 * multipart forms; supporting one of them is a second small mapper to `InboundMail`.
 */
export const PostmarkInboundSchema = z.object({
  From: z.string().default(''),
  FromFull: z.object({ Email: z.string() }).partial().optional(),
  ToFull: z.array(z.object({ Email: z.string() })).default([]),
  CcFull: z.array(z.object({ Email: z.string() })).default([]),
  BccFull: z.array(z.object({ Email: z.string() })).default([]),
  OriginalRecipient: z.string().optional(),
  Subject: z.string().nullish(),
  MessageID: z.string().nullish(),
  Date: z.string().nullish(),
  TextBody: z.string().nullish(),
  HtmlBody: z.string().nullish(),
  Headers: z.array(z.object({ Name: z.string(), Value: z.string() })).default([]),
  Attachments: z
    .array(
      z.object({
        Name: z.string().nullish(),
        Content: z.string(),
        ContentType: z.string().default('application/octet-stream'),
        ContentID: z.string().nullish(),
      }),
    )
    .default([]),
});
export type PostmarkInbound = z.infer<typeof PostmarkInboundSchema>;

export function postmarkToMail(body: PostmarkInbound): {
  sender: string;
  recipients: string[];
  mail: InboundMail;
} {
  const header = (name: string) =>
    body.Headers.filter((h) => h.Name.toLowerCase() === name).map((h) => h.Value);
  const sender = (body.FromFull?.Email ?? body.From.replace(/^.*<([^>]+)>.*$/, '$1')).trim().toLowerCase();
  const recipients = [
    ...(body.OriginalRecipient ? [body.OriginalRecipient] : []),
    ...[...body.ToFull, ...body.CcFull, ...body.BccFull].map((r) => r.Email),
  ];
  const date = body.Date ? new Date(body.Date) : null;
  return {
    sender,
    recipients,
    mail: {
      from: sender || null,
      subject: body.Subject ?? null,
      messageId: body.MessageID ?? null,
      date: date && !Number.isNaN(date.getTime()) ? date : null,
      text: body.HtmlBody ? htmlToText(body.HtmlBody) : (body.TextBody ?? null),
      attachments: body.Attachments.map((a) => ({
        filename: a.Name ?? null,
        contentType: a.ContentType.toLowerCase(),
        content: Buffer.from(a.Content, 'base64'),
        related: Boolean(a.ContentID) && a.ContentType.toLowerCase().startsWith('image/'),
      })),
      // Postmark reports its SPF check as Received-SPF ("Pass (…)"); read it as an Authentication-Results verdict.
      authenticationResults:
        header('authentication-results').join('; ') ||
        header('received-spf')
          .map((value) => `spf=${value.trim().split(/\s/)[0]?.toLowerCase()}`)
          .join('; ') ||
        null,
    },
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The webhook's secret, as the password of HTTP Basic auth (Postmark puts it in the webhook URL as
 * https://user:secret@…) or as `?token=`. Compared in constant time.
 */
export function hasWebhookSecret(
  secret: string,
  authorization: string | undefined,
  token: string | undefined,
) {
  if (!secret) return false;
  let offered = token ?? '';
  if (authorization?.startsWith('Basic ')) {
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    offered = decoded.slice(decoded.indexOf(':') + 1);
  }
  return offered !== '' && timingSafeEqual(digest(offered), digest(secret));
}
