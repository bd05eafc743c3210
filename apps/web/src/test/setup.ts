import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetAuthForTests } from '../access/auth-store';
import { i18n } from '../i18n/i18n';

// A first render of a lazy route compiles its modules: seconds on a busy two-core machine, where the
// default 1 s of findBy/waitFor failed route tests at random (on every Node line). Files may set their own.
configure({ asyncUtilTimeout: 10_000 });

// jsdom does not implement scrolling; the router's scroll restoration and the skip link call these.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  window.localStorage.clear();
  resetAuthForTests();
});

afterEach(() => {
  cleanup();
  // One jsdom document serves every test of a file: a <title> React hoisted into <head> for an unmounted
  // page must not name the next test's page.
  for (const title of document.head.querySelectorAll('title')) title.remove();
});
