import type { Mail } from './mailer';

/** The parts of a transactional email, already in the recipient's language. */
export type EmailParagraphs = {
  subject: string;
  greeting: string;
  intro: string;
  action: string;
  outro: string;
};

/** A plain-text and an HTML version of an email with one call-to-action link; every value is escaped. */
export function renderLinkEmail(to: string, p: EmailParagraphs, link: string): Mail {
  const text = `${p.greeting}\n\n${p.intro}\n\n${p.action}: ${link}\n\n${p.outro}\n\nCuadra\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c2430;line-height:1.5">
<p>${escapeHtml(p.greeting)}</p>
<p>${escapeHtml(p.intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0b5cad;color:#fff;padding:.6rem 1rem;border-radius:.4rem;text-decoration:none">${escapeHtml(p.action)}</a></p>
<p style="word-break:break-all;font-size:.9rem">${escapeHtml(link)}</p>
<p style="color:#4b5563;font-size:.9rem">${escapeHtml(p.outro)}</p>
<p>Cuadra</p>
</body></html>`;
  return { to, subject: p.subject, text, html };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
