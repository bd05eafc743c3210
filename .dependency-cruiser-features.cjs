/**
 * The server's features as folders: no feature reaches itself through other features (a one-way graph).
 * Cruised over apps/server/src/features alone, without tests (they are leaves and may arrange data through
 * another feature's internals); .dependency-cruiser.cjs keeps the kernel from importing any feature, so no
 * loop can close through the kernel either. Run by `npm run cycles`.
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
  ],
  options: {
    includeOnly: '^apps/server/src/features/',
    exclude: { path: '(\\.test\\.tsx?|/test-fixtures\\.ts)$' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
