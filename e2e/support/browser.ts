import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = inject('baseUrl');
const chromiumPath = inject('chromiumPath');
/** False only outside CI on a machine without Chromium; the global setup has said so loudly. */
export const hasBrowser = chromiumPath !== null;

/**
 * The run's one Chromium (started by the global setup), connected to. Each journey gets a fresh context
 * (its own local storage and cookies); closing what this returns disconnects and closes those contexts,
 * and leaves the browser to the next file.
 */
export async function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

export async function newContext(
  browser: Browser,
  options: { locale?: string } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl,
    locale: options.locale ?? 'en-US',
    viewport: { width: 1280, height: 800 },
  });
}

/**
 * Opens a page and waits until the app is live (`<html data-hydrated>`). A prerendered public page shows its
 * HTML and loads the app on the visitor's first key, touch, scroll or click, so a key is pressed as a
 * visitor would (Shift: it does nothing else).
 */
export async function openLive(page: Page, path: string) {
  const response = await page.goto(path);
  await page.keyboard.press('Shift');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return response;
}

/**
 * Where a download lands on this machine. The browser is connected to, not launched here, so Playwright
 * keeps no local path of its own (`download.path()` throws): the file is copied into a fresh folder.
 */
export async function savedDownload(download: Download): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'cuadra-e2e-download-')), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}
