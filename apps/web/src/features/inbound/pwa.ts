/** The cache the service worker (public/sw.js) keeps shared files in until /share uploads them. */
export const SHARE_CACHE = 'cuadra-share';

/**
 * Registers the service worker that receives "Share → Cuadra" (and makes the app installable). Built app
 * only: Vite's dev server has no /sw.js of its own.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No service worker (private mode, old browser): the app works, sharing to it does not.
    });
  });
}

/** The files a share left for the page, in the order they were shared. */
export async function readSharedFiles(): Promise<File[]> {
  if (!('caches' in window)) return [];
  const cache = await caches.open(SHARE_CACHE);
  const keys = await cache.keys();
  const files: File[] = [];
  for (const request of [...keys].sort((a, b) => a.url.localeCompare(b.url, 'en', { numeric: true }))) {
    const response = await cache.match(request);
    if (!response) continue;
    const name = decodeURIComponent(response.headers.get('x-filename') ?? 'shared');
    const blob = await response.blob();
    files.push(new File([blob], name, { type: blob.type }));
  }
  return files;
}

export async function clearSharedFiles(): Promise<void> {
  if ('caches' in window) await caches.delete(SHARE_CACHE);
}
