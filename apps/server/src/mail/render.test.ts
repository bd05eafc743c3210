import { describe, expect, it } from 'vitest';
import { bulletList, emailDocument, renderLinkEmail } from './render';

const HOSTILE = '<script>alert("x")</script>';

describe('email templates', () => {
  it('show a name holding markup as text in the HTML and as typed in the plain text', () => {
    const mail = renderLinkEmail(
      'ana@example.org',
      {
        subject: `Hello ${HOSTILE}`,
        greeting: `Hello ${HOSTILE},`,
        intro: 'Your <b>documents</b> are ready.',
        action: 'Open <i>Cuadra</i>',
        outro: 'Bye & thanks',
      },
      'https://app.cuadra.test/x?a=1&b="2"',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,');
    expect(mail.html).toContain('Open &lt;i&gt;Cuadra&lt;/i&gt;');
    expect(mail.html).toContain('Bye &amp; thanks');
    // The quote in the link cannot end the attribute early.
    expect(mail.html).toContain('href="https://app.cuadra.test/x?a=1&amp;b=&quot;2&quot;"');
    expect(mail.text).toContain(`Hello ${HOSTILE},`);
    expect(mail.text).toContain('Open <i>Cuadra</i>: https://app.cuadra.test/x?a=1&b="2"');
    expect(mail.subject).toBe(`Hello ${HOSTILE}`);
  });

  it('escape every item of a list and keep the components’ own markup', () => {
    const page = emailDocument(bulletList(['a.pdf', '<img src=x onerror=alert(1)>.pdf']));
    expect(page).toMatch(/^<!doctype html><html><body /);
    expect(page).toContain('<ul><li>a.pdf</li><li>&lt;img src=x onerror=alert(1)&gt;.pdf</li></ul>');
  });
});
