/**
 * Import boundaries between files, checked by `npm run cycles` (and so by `npm run check` and `.ci/run`);
 * the folder-level rule is in .dependency-cruiser-features.cjs. ARCHITECTURE.md, "Layers and imports",
 * says why each rule is here.
 */
const FEATURE = '^apps/server/src/features/([^/]+)/';
const WEB_FEATURE = '^apps/web/src/features/([^/]+)/';
const TEST = '(\\.test\\.tsx?|/test-fixtures\\.ts)$';

module.exports = {
  forbidden: [
    {
      name: 'no-file-cycle',
      comment: 'No module imports itself through others (what madge checked before).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'feature-public-entry',
      comment:
        'A feature imports another feature only through its public entry (features/<x>/index.ts), never its ' +
        'repo, service or other internals. Tests may arrange data through internals.',
      severity: 'error',
      from: { path: FEATURE, pathNot: TEST },
      to: {
        path: '^apps/server/src/features/[^/]+/',
        pathNot: ['^apps/server/src/features/$1/', '/index\\.ts$'],
      },
    },
    {
      name: 'kernel-below-features',
      comment:
        'The kernel (access/, fiscal/, lib/, db/, http/, queue/, mail/, files/, payments/ …) never imports a ' +
        'feature; only the composition roots (app.ts, jobs.ts, main.ts, bootstrap.ts, services.ts) wire them.',
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: [
          '^apps/server/src/features/',
          '^apps/server/src/(app|jobs|main|bootstrap|services)\\.ts$',
          TEST,
        ],
      },
      to: { path: '^apps/server/src/features/' },
    },
    {
      name: 'service-through-repo',
      comment:
        "A server feature's service speaks to the database through repos (its repo.ts, other features' " +
        'entries, access/): it names no table of db/schema.ts, so every query lives in a repo. Row types are fine.',
      severity: 'error',
      from: { path: '^apps/server/src/features/[^/]+/service\\.ts$' },
      to: { path: '^apps/server/src/db/schema\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-feature-public-entry',
      comment:
        'A web feature imports another only through its public entry (features/<x>/index.ts), never its ' +
        'pages, API module or components directly. Tests may render through internals.',
      severity: 'error',
      from: { path: WEB_FEATURE, pathNot: TEST },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'web-shared-below-features',
      comment:
        "The web app's shared folders (access/, components/, i18n/, lib/, test/) never import a feature; only " +
        'the composition roots at the top of apps/web/src (router.tsx, main.tsx, entry-server.tsx, ' +
        'app-providers.tsx, root-layout.tsx, protected-layout.tsx) wire them.',
      severity: 'error',
      from: { path: '^apps/web/src/[^/]+/', pathNot: ['^apps/web/src/features/', TEST] },
      to: { path: '^apps/web/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
