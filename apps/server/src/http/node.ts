import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';

/**
 * The Node request and response behind a Hono context: @hono/node-server passes them as `c.env`. Absent
 * when the app answers `app.request()` (the tests), where the fetch `Request`/`Response` are all there is.
 *
 * Reading a header from `c.req` makes @hono/node-server build a fetch `Headers` of the whole request, and
 * `c.header` (or a middleware setting `c.res.headers`) turns the answer's headers into one too; both cost
 * more than the rest of a small answer. The helpers below read and write the Node objects directly when
 * there are any, and behave as `c.req.header` / `c.header` otherwise.
 */
function nodeOf(c: Context): { incoming: IncomingMessage; outgoing: ServerResponse } | undefined {
  const env = c.env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;
  return env?.incoming && env.outgoing
    ? (env as { incoming: IncomingMessage; outgoing: ServerResponse })
    : undefined;
}

/** A request header by its lower-case name, as `c.req.header(name)` reads it. */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const node = nodeOf(c);
  if (!node) return c.req.header(name);
  const value = node.incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Sets a header of the answer before the route answers, as `c.header` does: a header the route sets itself
 * wins (Node merges the two when the answer is written, the route's last).
 */
export function presetHeader(c: Context, name: string, value: string): void {
  const node = nodeOf(c);
  if (node) node.outgoing.setHeader(name, value);
  else c.header(name, value);
}

/** Whether the answer goes out through Node (headers can be preset on it), not through `app.request()`. */
export function isNodeAnswer(c: Context): boolean {
  return nodeOf(c) !== undefined;
}
