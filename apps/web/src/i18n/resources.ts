import type { Locale } from '@cuadra/shared';
import { errorsCatalog } from './errors';
import enAuth from './locales/en/auth.json';
import enBank from './locales/en/bank.json';
import enBlog from './locales/en/blog.json';
import enClients from './locales/en/clients.json';
import enCredits from './locales/en/credits.json';
import enFaq from './locales/en/faq.json';
import enForms from './locales/en/forms.json';
import enInbound from './locales/en/inbound.json';
import enInvoices from './locales/en/invoices.json';
import enMarketing from './locales/en/marketing.json';
import enMetatags from './locales/en/metatags.json';
import enPricing from './locales/en/pricing.json';
import enReports from './locales/en/reports.json';
import enReview from './locales/en/review.json';
import enTeam from './locales/en/team.json';
import enTranslation from './locales/en/translation.json';
import esAuth from './locales/es/auth.json';
import esBank from './locales/es/bank.json';
import esBlog from './locales/es/blog.json';
import esClients from './locales/es/clients.json';
import esCredits from './locales/es/credits.json';
import esFaq from './locales/es/faq.json';
import esForms from './locales/es/forms.json';
import esInbound from './locales/es/inbound.json';
import esInvoices from './locales/es/invoices.json';
import esMarketing from './locales/es/marketing.json';
import esMetatags from './locales/es/metatags.json';
import esPricing from './locales/es/pricing.json';
import esReports from './locales/es/reports.json';
import esReview from './locales/es/review.json';
import esTeam from './locales/es/team.json';
import esTranslation from './locales/es/translation.json';

/**
 * Every catalog, bundled, so the first render already has its texts (no flash of keys, no request).
 * A new namespace is one JSON file per locale under `locales/<locale>/` plus one line per locale here;
 * `catalog-parity.test.ts` then checks that both languages have the same keys.
 */
export const resources = {
  en: {
    translation: enTranslation,
    errors: errorsCatalog('en'),
    // Accounts and sessions (issue 3): sign-up, login, verification, the guard and the session chrome.
    auth: enAuth,
    // The public site (issue 9): landing and marketing pages, packs, page metadata, FAQ, blog chrome.
    marketing: enMarketing,
    pricing: enPricing,
    metatags: enMetatags,
    faq: enFaq,
    blog: enBlog,
    // The accountant's workspace (issue 5): dashboard, clients, invitations, contact, help, documents.
    clients: enClients,
    // Credits and payments (issue 7): credits widget, purchase, settings, usage history.
    credits: enCredits,
    // The invoice pipeline (issue 6): upload panel, invoice table, review and edit screens.
    invoices: enInvoices,
    // Reports and the fiscal summary (issue 8): report panel, Modelo 303 / 130, annual estimate.
    reports: enReports,
    // The AEAT forms, the client's tax profile and the exports (issue 18).
    forms: enForms,
    // Invoices that arrive by themselves (issue 21): the client's inbound address, senders, mails received.
    inbound: enInbound,
    // The review desk (issue 17): the queue, the original with field boxes, keys, /documents.
    review: enReview,
    // Bank statements matched to invoices (issue 39): import, movements, proposals.
    bank: enBank,
    // A gestoría is a team (issue 40): members, roles, invitations, responsible members, change history.
    team: enTeam,
  },
  es: {
    translation: esTranslation,
    errors: errorsCatalog('es'),
    auth: esAuth,
    marketing: esMarketing,
    pricing: esPricing,
    metatags: esMetatags,
    faq: esFaq,
    blog: esBlog,
    clients: esClients,
    credits: esCredits,
    invoices: esInvoices,
    reports: esReports,
    forms: esForms,
    inbound: esInbound,
    review: esReview,
    bank: esBank,
    team: esTeam,
  },
} satisfies Record<Locale, Record<string, unknown>>;

export type Namespace = keyof (typeof resources)['en'];
export const NAMESPACES = Object.keys(resources.en) as Namespace[];
export const DEFAULT_NAMESPACE = 'translation' satisfies Namespace;

/** The ids of the pages that have a title and a description in the catalog. */
export type PageId = keyof (typeof enTranslation)['pages'];
