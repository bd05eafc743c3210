import { describe, expect, it } from 'vitest';

/**
 * A feature's index.ts is its public entry and nothing else: re-exports only. The production build treats
 * these files as free of side effects (vite.config.ts), so any statement here would silently not run.
 */
const entries = import.meta.glob<string>('./*/index.ts', { query: '?raw', import: 'default', eager: true });

describe('feature public entries', () => {
  it('hold only re-exports', () => {
    expect(Object.keys(entries).length).toBeGreaterThan(0);
    for (const [path, source] of Object.entries(entries)) {
      const rest = source
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/export (type )?\{[^}]*\} from '\.\/[^']+';/g, '')
        .trim();
      expect(rest, path).toBe('');
    }
  });
});
