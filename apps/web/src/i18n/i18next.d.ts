import 'i18next';
import type { resources } from './resources';

// Typed keys: `t('nav.login')` is checked against the English catalog at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: (typeof resources)['en'];
  }
}
