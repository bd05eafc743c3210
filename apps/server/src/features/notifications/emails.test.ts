import type { Locale } from '@cuadra/shared';
import { describe, expect, it } from 'vitest';
import type { Mail } from '../../mail/mailer';
import {
  batchFinishedEmail,
  confirmEmailChangeEmail,
  emailChangedEmail,
  invitationAcceptedEmail,
  lowCreditsEmail,
  weeklySummaryEmail,
} from './emails';

const NAME = '<script>alert(1)</script>';
const ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt;';
const LINK = 'https://app.cuadra.test/customer/c1';

const EMAILS: Record<string, (locale: Locale) => Mail> = {
  'batch finished': (locale) =>
    batchFinishedEmail(
      { email: 'a@example.org', name: NAME, locale },
      { clientName: `Client ${NAME}`, ready: 2, duplicates: 1, failed: 0 },
      LINK,
    ),
  'low credits': (locale) => lowCreditsEmail({ email: 'a@example.org', name: NAME, locale }, 3, LINK),
  'invitation accepted': (locale) =>
    invitationAcceptedEmail(
      { email: 'a@example.org', name: NAME, locale },
      { freelancerName: NAME, clientName: NAME },
      LINK,
    ),
  'weekly summary': (locale) =>
    weeklySummaryEmail(
      { email: 'a@example.org', name: NAME, locale },
      { processed: 4, toReview: 1, available: 10 },
      LINK,
    ),
  'confirm email change': (locale) =>
    confirmEmailChangeEmail({ email: 'a@example.org', name: NAME, locale }, `x${NAME}@example.org`, LINK),
  'email changed': (locale) =>
    emailChangedEmail({ email: 'a@example.org', name: NAME, locale }, `x${NAME}@example.org`, LINK),
};

describe('notification emails', () => {
  for (const [what, build] of Object.entries(EMAILS)) {
    it(`${what}: the user's name is escaped in the HTML, the link kept, in both languages`, () => {
      const en = build('en');
      const es = build('es');
      for (const mail of [en, es]) {
        expect(mail.html).not.toContain('<script>');
        expect(mail.html).toContain(ESCAPED);
        expect(mail.html).toContain(`href="${LINK}"`);
        expect(mail.text).toContain(NAME);
        expect(mail.text).toContain(LINK);
      }
      expect(en.html).toContain(`Hello ${ESCAPED},`);
      expect(es.html).toContain(`Hola, ${ESCAPED}:`);
      expect(es.subject).not.toBe(en.subject);
    });
  }
});
