// Prerenders the public pages into dist/ after the client and server builds (npm run build):
// dist/<route>/index.html (English) and dist/es/<route>/index.html (Spanish) with the page's HTML and
// metadata (readable without JavaScript; the app is loaded when the visitor engages, see LOADER),
// dist/spa.html (the empty app shell the server answers other addresses with), sitemap.xml, robots.txt,
// and Brotli/gzip copies of every text file for the server to send as they are.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { JSDOM } from 'jsdom';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(WEB, 'dist');
const SSR_ENTRY = join(WEB, 'node_modules/.cuadra-ssr/entry-server.js');
// Storage keys the loader reads (packages/shared LOCALE_STORAGE_KEY, the session's token key).
const LOCALE_STORAGE_KEY = 'i18nextLng';
const TOKEN_STORAGE_KEY = 'authToken';
const LANGUAGES = ['en', 'es'];
const COMPRESSIBLE = /\.(html|js|css|svg|xml|txt|json|webmanifest)$/;

const started = performance.now();

// The app's modules were written for the browser (the i18n module reads storage and sets <html lang> when
// it loads): give them a document while rendering. Nothing is rendered from it; React renders to a string.
const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { url: 'http://localhost/' });
for (const key of ['window', 'document', 'navigator', 'localStorage', 'sessionStorage']) {
  if (!(key in globalThis))
    Object.defineProperty(globalThis, key, { value: dom.window[key], configurable: true });
}

const server = await import(pathToFileURL(SSR_ENTRY).href);
const template = await readFile(join(DIST, 'index.html'), 'utf8');
const manifest = JSON.parse(await readFile(join(DIST, '.vite/manifest.json'), 'utf8'));

// The shell for addresses that are not prerendered (signed-in pages, unknown paths): the client renders it.
await writeFile(join(DIST, 'spa.html'), template);

/** The chunk of a source module and every chunk it imports statically, minus those index.html has. */
function chunksOf(modules) {
  const alreadyLinked = new Set(
    [...template.matchAll(/(?:href|src)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]),
  );
  const files = new Set();
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`prerender: ${key} is not in the build manifest`);
    if (!alreadyLinked.has(entry.file)) files.add(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return [...files];
}

// A prerendered page paints from its HTML alone. So its stylesheet is inlined (one round trip fewer
// before the first paint; the same file the app shell links), and its JavaScript, which only hydrates what
// is already on screen, is requested after the first paint by a small loader instead of competing with it.
const stylesheet = template.match(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/);
if (!stylesheet) throw new Error('prerender: index.html links no stylesheet');
const css = (await readFile(join(DIST, stylesheet[1]), 'utf8')).replace(/<\/style/gi, '<\\/style');
const entryScript = template.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
if (!entryScript) throw new Error('prerender: index.html has no module entry script');
const templatePreloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];

// The loader of a prerendered page, the only script it starts with. First, before the body is parsed, it
// sends a visitor to the page in their language (a saved choice; else, on an English page, a Spanish
// browser). Then it loads the app only when it is needed: at once for a signed-in visitor (the page shows
// their account) and on pages with no language alternates (payment outcomes); otherwise on the visitor's
// first scroll, key, touch or click. Links work without it. A click on a button before the app is live is
// held and replayed once it is; a language chosen before then opens the page in that language.
const LOADER = `(function () {
  var script = document.currentScript;
  var html = document.documentElement;
  function stored(key) {
    try { return localStorage.getItem(key); } catch (e) { return null; }
  }
  function alternate(language) {
    var link = document.querySelector('link[rel="alternate"][hreflang="' + language + '"]');
    return link && new URL(link.href).pathname;
  }
  var page = html.lang;
  var choice = (stored('${LOCALE_STORAGE_KEY}') || '').slice(0, 2);
  var wanted = choice || (page === 'en' && /^es/i.test(navigator.language || '') ? 'es' : page);
  var target = wanted !== page && alternate(wanted);
  if (target) return location.replace(target + location.search + location.hash);

  var started = false;
  function start() {
    if (started) return;
    started = true;
    (script.getAttribute('data-preload') || '').split(' ').filter(Boolean).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = script.getAttribute('data-entry');
    document.head.appendChild(module);
  }
  if (stored('${TOKEN_STORAGE_KEY}') || !alternate(page)) return start();

  var BUTTONS = 'button, summary, [role="button"]';
  var live = function () { return html.hasAttribute('data-hydrated'); };
  var replay = -1;
  ['scroll', 'keydown', 'pointerdown', 'touchstart', 'focusin'].forEach(function (type) {
    addEventListener(type, start, { capture: true, passive: true, once: true });
  });
  document.addEventListener('click', function (event) {
    // A link followed before the app is live leaves with the page's language, as the live app would keep
    // it: "Iniciar sesión" on /es/ opens the Spanish login, whatever the browser's language.
    var link = !live() && event.target.closest && event.target.closest('a[href]');
    if (link && link.origin === location.origin && !choice) {
      try { localStorage.setItem('${LOCALE_STORAGE_KEY}', page); } catch (e) {}
    }
    var root = document.getElementById('root');
    var button = !live() && event.target.closest && event.target.closest(BUTTONS);
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    replay = Array.prototype.indexOf.call(root.querySelectorAll(BUTTONS), button);
    start();
  }, true);
  document.addEventListener('change', function (event) {
    var language = !live() && event.target.getAttribute('data-language-switch') !== null && event.target.value;
    var path = language && alternate(language);
    if (!path) return;
    try { localStorage.setItem('${LOCALE_STORAGE_KEY}', language); } catch (e) {}
    location.assign(path);
  }, true);
  new MutationObserver(function (records, observer) {
    if (!live()) return;
    observer.disconnect();
    var button = document.getElementById('root').querySelectorAll(BUTTONS)[replay];
    if (button) button.click();
  }).observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });
})();
`;
const loaderFile = `assets/hydrate-${createHash('sha256').update(LOADER).digest('hex').slice(0, 8)}.js`;
await writeFile(join(DIST, loaderFile), LOADER);

let pageTemplate = template.replace(stylesheet[0], () => `<style>${css}</style>`).replace(entryScript[0], '');
for (const [tag] of templatePreloads) pageTemplate = pageTemplate.replace(tag, '');
pageTemplate = pageTemplate.replace(/\n\s*\n/g, '\n');

function pageHtml(page, language, rendered) {
  const preload = [
    ...templatePreloads.map((match) => match[1]),
    ...chunksOf(page.modules).map((file) => `/${file}`),
  ];
  const loader = `<script src="/${loaderFile}" data-entry="${entryScript[1]}" data-preload="${preload.join(' ')}"></script>`;
  let html = pageTemplate
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta\s+name="description"[\s\S]*?\/>/, '')
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace('</head>', `    ${rendered.headTags}\n    ${loader}\n  </head>`);
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error('prerender: index.html has no empty #root');
  html = html.replace(
    root,
    `<div id="root" ${server.PRERENDERED_ATTRIBUTE}="${language}">${rendered.appHtml}</div>`,
  );
  return html;
}

for (const page of server.PRERENDER_PAGES) {
  for (const language of LANGUAGES) {
    const rendered = await server.renderPage(page.path, language);
    const path = server.localizedPath(page.path, language);
    if (rendered.status !== 200)
      throw new Error(`prerender: ${path} rendered with status ${rendered.status}`);
    const file = join(DIST, path, 'index.html');
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, pageHtml(page, language, rendered));
  }
}

// Unknown addresses: the server answers 404 with this page, and the app shell only for the app's routes.
const notFound = await server.renderNotFound('en');
await writeFile(
  join(DIST, '404.html'),
  template
    .replace(
      /<title>[\s\S]*?<\/title>/,
      `<title>${notFound.title}</title>\n    <meta name="robots" content="noindex" />`,
    )
    // React writes the page's <title> where the component stands; the head has it already.
    .replace(
      '<div id="root"></div>',
      `<div id="root">${notFound.appHtml.replace(/<title>[^<]*<\/title>/, '')}</div>`,
    ),
);
await writeFile(join(DIST, 'routes.json'), `${JSON.stringify(server.clientRoutePatterns(), null, 1)}\n`);

await writeFile(join(DIST, 'sitemap.xml'), server.sitemapXml(server.PRERENDER_PAGES));
await writeFile(join(DIST, 'robots.txt'), server.robotsTxt());
await rm(join(DIST, '.vite'), { recursive: true, force: true });

// Precompressed copies: the server sends these when the browser accepts them (no compression per request).
// Brotli at its best quality is most of this script's CPU time: the files are compressed concurrently, on
// libuv's thread pool, so every core takes a share.
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
async function compressible(dir) {
  const files = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await compressible(path)));
    else if (COMPRESSIBLE.test(entry.name) && (await stat(path)).size > 512) files.push(path);
  }
  return files;
}
await Promise.all(
  (await compressible(DIST)).map(async (path) => {
    const body = await readFile(path);
    await writeFile(`${path}.br`, await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(`${path}.gz`, await gzipAsync(body, { level: 9 }));
  }),
);

if (!existsSync(join(DIST, 'index.html'))) throw new Error('prerender: dist/index.html is missing');
const ms = Math.round(performance.now() - started);
console.log(
  `prerendered ${server.PRERENDER_PAGES.length} pages in ${LANGUAGES.length} languages, sitemap.xml and robots.txt in ${ms} ms`,
);
dom.window.close();
// Every page is written (each write above was awaited): end now rather than wait on whatever a library may
// still have scheduled. entry-server.test.tsx checks that a render itself leaves no timer behind.
process.exit(0);
