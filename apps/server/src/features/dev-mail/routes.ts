import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { AppEnv } from '../../http/context';
import { listOutbox } from '../../mail/mailer';
import type { Services } from '../../services';

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** The local stand-in for an inbox: every email the app sent, newest first. Only without SMTP. */
export function devMailRoutes(services: Services) {
  return new Hono<AppEnv>()
    .get('/mail.json', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listOutbox(services.db));
    })
    .get('/mail', async (c) => {
      const messages = await listOutbox(services.db);
      c.header('Cache-Control', 'no-store');
      return c.html(html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Outbox · Cuadra (local)</title>
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 48rem; padding: 1rem; color: #1c2430; }
      .note { background: #fef3c7; border: 1px solid #f59e0b; padding: .5rem .75rem; border-radius: .5rem; }
      article { border: 1px solid #d4d9e1; border-radius: .5rem; padding: .75rem 1rem; margin: 1rem 0; }
      h2 { font-size: 1.1rem; margin: 0 0 .25rem; }
      pre { white-space: pre-wrap; word-break: break-word; font: inherit; }
      a { color: #0b5cad; }
      .meta { color: #4b5563; font-size: .9rem; }
    </style>
  </head>
  <body>
    <main>
      <h1>Outbox</h1>
      <p class="note" role="note">
        Local stand-in for email: SMTP is not configured, so messages are kept here instead of being sent.
        Also as JSON at <a href="/dev/mail.json">/dev/mail.json</a>.
      </p>
      ${messages.length === 0 ? html`<p>No messages yet.</p>` : ''}
      ${messages.map(
        (message) => html`<article aria-labelledby="m-${message.id}">
          <h2 id="m-${message.id}">${message.subject}</h2>
          <p class="meta">To ${message.to} · <time datetime="${message.createdAt.toISOString()}">${message.createdAt.toISOString()}</time></p>
          <pre>${raw(linkify(message.text))}</pre>
        </article>`,
      )}
    </main>
  </body>
</html>`);
    });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Escapes the text, then turns its URLs into links (the URLs are escaped too). */
function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    out += escapeHtml(text.slice(last, match.index));
    const url = escapeHtml(match[0]);
    out += `<a href="${url}">${url}</a>`;
    last = (match.index ?? 0) + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}
