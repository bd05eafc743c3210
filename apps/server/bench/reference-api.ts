/**
 * The reference `bench:api` holds Cuadra's answers against: the least an HTTP API on this stack can do for
 * the same request — Hono on @hono/node-server, a `pg` pool of the API's size, no middleware, no auth. The
 * bench starts it as a child process beside the API and loads both alternately, so the ratios it prints
 * compare the two on the same machine at the same moment.
 *
 * - `GET /json`: a fixed JSON body of `/me`'s size (what Hono alone costs).
 * - `GET /me?id=…`: one primary-key SELECT of the user, answered as JSON.
 * - `GET /invoices?client=…`: one indexed 51-row SELECT of the client's invoices on the table's default sort
 *   (issue date, newest first), answered as JSON: a page of 50 and the row that says another one follows.
 *
 * Plain `pool.query` with parameters, as a small app would write it. DATABASE_URL names the database; the
 * port is chosen by the system and printed as `reference listening on <port>`.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';

/** The API's own pool size (src/db/client.ts), so neither side has more connections to the database. */
const POOL_SIZE = 10;

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE });
const FIXED = {
  id: '00000000-0000-4000-8000-000000000000',
  email: 'ana.garcia@example.com',
  name: 'Ana García',
  accountType: 'accountant',
  locale: 'es',
  emailVerified: true,
  credits: { available: 2010, reserved: 0 },
  plan: null,
  firm: null,
  notifications: { weeklySummary: true, lowCredits: true, clientActivity: true },
  padding: 'x'.repeat(64),
};

const app = new Hono()
  .get('/json', (c) => c.json(FIXED))
  .get('/me', async (c) => {
    const { rows } = await pool.query(
      'select id, email, name, account_type, locale, email_verified_at, created_at from users where id = $1',
      [c.req.query('id')],
    );
    return rows[0] ? c.json(rows[0]) : c.json({ error: 'not found' }, 404);
  })
  .get('/invoices', async (c) => {
    const { rows } = await pool.query(
      `select id, type, number, issue_date, issuer_name, recipient_name, total_cents, currency, checked,
        document_id from invoices where client_id = $1 order by issue_date desc, id desc limit 51`,
      [c.req.query('client')],
    );
    return c.json({ invoices: rows.slice(0, 50), more: rows.length > 50 });
  });

serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`reference listening on ${info.port}`);
});
process.on('SIGTERM', () => {
  void pool.end().finally(() => process.exit(0));
});
