import { html } from 'hono/html';

type Operation = { summary?: string };
type OpenApiDocument = { info: { title: string; version: string; description?: string }; paths?: object };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** A self-contained reference page (no CDN, no script), rendered from the OpenAPI document. */
export function renderApiDocs(doc: OpenApiDocument) {
  const paths = (doc.paths ?? {}) as Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  const operations = Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      path,
      method,
      summary: item[method]?.summary ?? '',
    })),
  );
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${doc.info.title} ${doc.info.version} · API</title>
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 56rem; padding: 1rem; color: #1c2430; }
      table { border-collapse: collapse; width: 100%; }
      th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid #d4d9e1; vertical-align: top; }
      code { font-size: .95em; }
      .m { font-weight: 700; text-transform: uppercase; font-size: .8rem; }
    </style>
  </head>
  <body>
    <main>
      <h1>${doc.info.title} API <small>${doc.info.version}</small></h1>
      <p>${doc.info.description ?? ''}</p>
      <p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
      <table>
        <caption class="sr-only">Operations</caption>
        <thead><tr><th scope="col">Method</th><th scope="col">Path</th><th scope="col">What it does</th></tr></thead>
        <tbody>
          ${operations.map(
            (op) =>
              html`<tr><td class="m">${op.method}</td><td><code>${op.path}</code></td><td>${op.summary}</td></tr>`,
          )}
        </tbody>
      </table>
    </main>
  </body>
</html>`;
}
