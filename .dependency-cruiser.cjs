/**
 * The boundaries docs/architecture.md#dependency-rules states, checked in CI (`npm run lint:deps`). A rule only
 * written in a comment will be broken.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles-in-server',
      comment: 'Modules never import each other in a circle, type imports included.',
      severity: 'error',
      from: { path: '^server/' },
      to: { circular: true },
    },
    {
      name: 'simulators-stay-outside-the-shop',
      comment: 'A simulator speaks a provider’s wire protocol; it never reaches into the shop’s modules.',
      severity: 'error',
      from: { path: '^server/simulators/' },
      to: { path: '^server/(modules|flows)/' },
    },
    {
      name: 'the-http-edge-is-the-top',
      comment:
        'Routes, their auth hooks and error mapping (server/http/) sit above everything in server/: only app.ts registers them.',
      severity: 'error',
      from: { path: '^server/', pathNot: ['^server/http/', '^server/app\\.ts$'] },
      to: { path: '^server/http/' },
    },
    {
      name: 'modules-never-call-flows',
      comment: 'Flows are sequences across modules; a module (its tests too) never starts one.',
      severity: 'error',
      from: { path: '^server/modules/' },
      to: { path: '^server/flows/' },
    },
    {
      name: 'modules-use-plugins-only-for-types',
      comment:
        'A plugin decorates the app; a module gets what it needs as arguments and may name only their types.',
      severity: 'error',
      from: { path: '^server/modules/' },
      to: { path: '^server/plugins/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'leaf-modules-stay-leaves',
      comment: 'Payments and shipping hold their provider calls and their own rows; sequences live in flows.',
      severity: 'error',
      from: { path: '^server/modules/(payments|shipping)/' },
      to: { path: '^server/modules/(orders|order-history)/' },
    },
    {
      name: 'features-stay-apart',
      comment: 'A feature never imports another feature; routes in web/app compose them.',
      severity: 'error',
      from: { path: '^web/features/([^/]+)/' },
      to: { path: '^web/features/', pathNot: '^web/features/$1/' },
    },
    {
      name: 'contracts-import-nothing-of-ours',
      comment: 'contracts/ is shared by both sides and does no I/O: it imports only itself and packages.',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { pathNot: ['^contracts/', 'node_modules'] },
    },
    {
      name: 'web-and-server-apart',
      comment: 'web/ and server/ meet only in contracts/.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-and-web-apart',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^web/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|server/db/migrations)' },
    // Type-only imports count: a cycle of types is still a cycle to the next engineer.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
