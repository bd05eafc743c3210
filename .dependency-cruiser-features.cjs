/**
 * Folders that form a one-way graph: the server's features, the web app's features and the extraction
 * engine's folders. No folder reaches itself through others. Cruised without tests (they are leaves and may
 * arrange data through another feature's internals); .dependency-cruiser.cjs keeps the server's kernel and the
 * web app's shared folders from importing any feature, so no loop can close through them either. Run by
 * `npm run boundaries`.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-feature-cycle',
      comment:
        'Server features form a one-way graph. When two features need each other, move what they share ' +
        'down into a kernel module (access/, fiscal/, lib/) instead.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/features/[^/]+$' },
      to: { path: '^apps/server/src/features/[^/]+$', circular: true },
    },
    {
      name: 'no-web-feature-cycle',
      comment:
        "The web app's features form a one-way graph too. When two need each other, the shared part moves " +
        'down into access/ (session, roles, the clients of the caller), lib/ (query keys, seo) or components/.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/web/src/features/[^/]+$' },
      to: { path: '^apps/web/src/features/[^/]+$', circular: true },
    },
    {
      name: 'no-extract-folder-cycle',
      comment:
        "The engine's folders form a one-way graph (ids ← fields ← checks, text and labels below). What two " +
        'folders both need moves down into a lower folder.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^packages/extract/src/[^/]+$' },
      to: { path: '^packages/extract/src/[^/]+$', circular: true },
    },
  ],
  options: {
    includeOnly: '^(apps/(server|web)/src/features|packages/extract/src)/',
    exclude: { path: '(\\.test\\.tsx?|/test-fixtures\\.ts)$' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
