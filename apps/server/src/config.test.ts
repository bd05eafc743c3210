import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigSchema, loadConfig } from './config';

describe('configuration', () => {
  it('runs with no variables at all, on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', DATABASE_URL: '', SMTP_URL: '' });
    // Issue 36, item 12: the address it listens at, so links in emails open where the session is.
    expect(config.PUBLIC_URL).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '3107' }).PUBLIC_URL).toBe('http://127.0.0.1:3107');
    expect(loadConfig({ HOST: '0.0.0.0', NODE_ENV: 'production', MAIL_OUTBOX: '1' }).PUBLIC_URL).toBe(
      'http://localhost:3000',
    );
  });

  it('stops with a message naming the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('documents every variable, and only those, in .env.example', () => {
    const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const documented = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]).sort();
    expect(documented).toEqual(Object.keys(ConfigSchema.shape).sort());
  });

  it('deploys with compose.yaml and the Dockerfile using only variables the server reads', () => {
    const read = (name: string) => readFileSync(new URL(`../../../${name}`, import.meta.url), 'utf8');
    const compose = [...read('compose.yaml').matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
    // The image that runs: its last stage (the build stage's variables are the installers', not the server's).
    const runtime = read('Dockerfile')
      .split(/^FROM /m)
      .at(-1)!;
    const docker = [...runtime.matchAll(/\b([A-Z][A-Z0-9_]+)=/g)].map((m) => m[1]);
    expect(docker).toContain('DATA_DIR');
    expect(compose).toContain('DATABASE_URL');
    expect(compose).toContain('S3_BUCKET');
    const known = Object.keys(ConfigSchema.shape);
    expect([...compose, ...docker].filter((name) => !known.includes(name!))).toEqual([]);
  });
});
