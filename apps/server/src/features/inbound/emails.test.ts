import { describe, expect, it } from 'vitest';
import { inboundReplyEmail } from './emails';

describe('inbound reply email', () => {
  it('lists file and client names as text, never as markup, in both languages', () => {
    const vars = {
      clientName: '<b>Bar</b>',
      subject: null,
      files: ['<img src=x onerror=alert(1)>.pdf'],
      skipped: [{ name: '<script>run()</script>.exe', reason: 'UNSUPPORTED_TYPE' as const }],
    };
    const en = inboundReplyEmail('sender@example.org', 'en', vars);
    const es = inboundReplyEmail('sender@example.org', 'es', vars);
    expect(en.html).toContain('<li>&lt;img src=x onerror=alert(1)&gt;.pdf</li>');
    expect(en.html).toContain('<li>&lt;script&gt;run()&lt;/script&gt;.exe (not a PDF, JPG, PNG or XML)</li>');
    expect(es.html).toContain('<li>&lt;script&gt;run()&lt;/script&gt;.exe (no es PDF, JPG, PNG ni XML)</li>');
    expect(en.html).toContain('Your mail reached &lt;b&gt;Bar&lt;/b&gt;&#39;s invoices in Cuadra.');
    expect(es.html).toContain('Tu correo ha llegado a las facturas de &lt;b&gt;Bar&lt;/b&gt; en Cuadra.');
    for (const mail of [en, es]) {
      expect(mail.html).not.toMatch(/<(script|img|b)\b/);
      expect(mail.text).toContain('- <img src=x onerror=alert(1)>.pdf');
    }
  });
});
