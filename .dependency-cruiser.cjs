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
      name: 'server-never-imports-client',
      comment:
        'src/server runs in node: it shares only src/domain with the client, never a module ' +
        'of the browser (api, app, panels, state, plate-canvas, workers).',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/(api|app|panels|state|plate-canvas|workers)/' },
    },
    {
      name: 'client-never-imports-server',
      comment: 'The client reaches the server over HTTP (src/api) only, never by import.',
      severity: 'error',
      from: { path: '^src/(api|app|panels|state|plate-canvas|workers)/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'api-below-the-client',
      comment: 'src/api (the HTTP calls) imports only the domain: everything else uses it.',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: '^src/(app|panels|state|plate-canvas|workers)/' },
    },
    {
      name: 'engine-below-ui',
      comment:
        'The plate canvas, workers and state are used by panels and the app, never the reverse.',
      severity: 'error',
      from: { path: '^src/(plate-canvas|workers|state)/' },
      to: { path: '^src/(panels|app)/' },
    },
    {
      name: 'state-below-canvas',
      comment:
        'The client floors, bottom up: api, state, plate-canvas, workers, panels, app. ' +
        'src/state (the designer session, the stores) is read by the canvas, never the reverse.',
      severity: 'error',
      from: { path: '^src/state/' },
      to: { path: '^src/(plate-canvas|workers)/' },
    },
    {
      name: 'canvas-below-workers',
      comment:
        'The workers run the canvas painter and the metrics off the main thread: they import ' +
        'the canvas, the canvas only starts them (new URL), never imports them.',
      severity: 'error',
      from: { path: '^src/plate-canvas/' },
      to: { path: '^src/workers/' },
    },
    {
      name: 'panels-below-app',
      comment:
        'The app (routes, pages, sign-in) assembles the panels and hands them what only it ' +
        'knows (the user menu) as slots; panels never import src/app.',
      severity: 'error',
      from: { path: '^src/panels/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'shared-geometry-in-domain',
      comment:
        'WellSet and Rect are shared by the canvas, the state and the workers: they live in ' +
        'src/domain, so nothing outside the canvas takes them from src/plate-canvas.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/plate-canvas/' },
      to: { path: '^src/plate-canvas/(well-set|plate-geometry)\\.ts$' },
    },
    {
      name: 'domain-arithmetic-below-schemas',
      comment:
        'Inside src/domain the arithmetic (chemistry, dispensing, plate, the top-level ' +
        'modules of numbers) never imports the API schemas: the schemas describe its types.',
      severity: 'error',
      from: { path: '^src/domain/(chemistry|dispensing|plate)/' },
      to: { path: '^src/domain/schemas/' },
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
