import { html } from 'hono/html';
import type { Mail } from '../../mail/mailer';
import { emailDocument } from '../../mail/render';

type ContactVars = {
  senderName: string;
  /** The sender as support reads it: name, address and whether they were signed in. */
  who: string;
  subject: string | null;
  messageId: string;
  message: string;
};

/** A contact form message, to support (in English: support's language, not the sender's). */
export function contactFormEmail(to: string, v: ContactVars): Mail {
  const heading = v.subject ? `Subject: ${v.subject}\n` : '';
  const body = html`<p>From: ${v.who}<br>${v.subject ? html`Subject: ${v.subject}<br>` : ''}Message id: ${v.messageId}</p>
<p style="white-space:pre-wrap">${v.message}</p>`;
  return {
    to,
    subject: `Contact form: ${v.subject || v.senderName}`,
    text: `From: ${v.who}\n${heading}Message id: ${v.messageId}\n\n${v.message}\n`,
    html: emailDocument(body),
  };
}
