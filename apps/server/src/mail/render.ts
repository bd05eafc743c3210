import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { Mail } from './mailer';

/**
 * Emails are templates built from the components below with hono's `html` tag, the one the server's
 * HTML pages use: every interpolated value is escaped (a name like `<script>` reaches the reader as
 * text), and only a fragment made by `html` itself goes in as markup. No email concatenates HTML.
 */
export type HtmlFragment = HtmlEscapedString | Promise<HtmlEscapedString>;

const INK = '#1c2430';
const MUTED = '#4b5563';
const ACTION = '#0b5cad';

/** The whole document around an email's body, as the string a mail carries. */
export function emailDocument(body: HtmlFragment): string {
  return toText(
    html`<!doctype html><html><body style="font-family:system-ui,sans-serif;color:${INK};line-height:1.5">
${body}
</body></html>`,
  );
}

export const paragraph = (content: unknown): HtmlFragment => html`<p>${content}</p>`;

/** Secondary text under the action: smaller and grey. */
export const note = (content: unknown): HtmlFragment =>
  html`<p style="color:${MUTED};font-size:.9rem">${content}</p>`;

export const actionButton = (link: string, label: string): HtmlFragment =>
  html`<p><a href="${link}" style="display:inline-block;background:${ACTION};color:#fff;padding:.6rem 1rem;border-radius:.4rem;text-decoration:none">${label}</a></p>`;

/** The link written out, for readers whose client hides buttons. */
export const linkLine = (link: string): HtmlFragment =>
  html`<p style="word-break:break-all;font-size:.9rem">${link}</p>`;

export const bulletList = (items: readonly string[]): HtmlFragment =>
  html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>`;

export const signature: HtmlFragment = paragraph('Cuadra');

/** The parts of a transactional email, already in the recipient's language. */
export type EmailParagraphs = {
  subject: string;
  greeting: string;
  intro: string;
  action: string;
  outro: string;
};

/** A plain-text and an HTML version of an email with one call-to-action link. */
export function renderLinkEmail(to: string, p: EmailParagraphs, link: string): Mail {
  const text = `${p.greeting}\n\n${p.intro}\n\n${p.action}: ${link}\n\n${p.outro}\n\nCuadra\n`;
  const body = html`${paragraph(p.greeting)}
${paragraph(p.intro)}
${actionButton(link, p.action)}
${linkLine(link)}
${note(p.outro)}
${signature}`;
  return { to, subject: p.subject, text, html: emailDocument(body) };
}

/** Templates here hold no promise, so hono's `html` returns its string at once. */
function toText(fragment: HtmlFragment): string {
  if (fragment instanceof Promise) throw new Error('An email template must not wait on anything');
  return fragment.toString();
}
