// Layer rules of the project (docs/ARCHITECTURE.md, "Layers"), checked by `npm run layers`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-self-contained',
      comment: 'src/domain holds the pure rules: it imports nothing of the project outside itself.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'engine-below-ui',
      comment:
        'The plate canvas, workers and state are used by panels and the app, never the reverse.',
      severity: 'error',
      // Known exception: bench-actions.ts borrows the app's withTimeout; it belongs in a
      // module the state may import (src/domain or src/state). Remove this line once moved.
      from: {
        path: '^src/(plate-canvas|workers|state)/',
        pathNot: '^src/state/bench-actions\\.ts$',
      },
      to: { path: '^src/(panels|app)/' },
    },
    {
      name: 'shared-geometry-in-domain',
      comment:
        'WellSet and Rect are shared by the canvas, the state and the workers: they live in ' +
        'src/domain, so nothing outside the canvas takes them from src/plate-canvas.',
      severity: 'error',
      // Known exception until WellSet and Rect move to src/domain/plate (branch
      // layout-domain): the state and the overlay worker still import them from the canvas.
      // Remove this pathNot once they have moved.
      from: {
        path: '^src/',
        pathNot: [
          '^src/plate-canvas/',
          '^src/state/(selection-store|plate-actions)\\.ts$',
          '^src/workers/overlay-api\\.ts$',
        ],
      },
      to: { path: '^src/plate-canvas/(well-set|plate-geometry)\\.ts$' },
    },
    {
      name: 'no-circular',
      comment: 'A cycle makes load order matter and layers meaningless.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
