import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/api/src/db/migrations/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.test-output/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify hooks and handlers are async by contract, awaited or not.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'always'],
      curly: ['error', 'all'],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports (config files excepted).' },
      ],
    },
  },
  {
    // Vitest loads a custom reporter by its default export, as it loads a config.
    files: ['**/*.config.{ts,js,mjs}', 'eslint.config.js', 'scripts/vitest-flaky-reporter.mjs'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Shared code flows one way: contract, then lib and components, then features, then app;
    // features never import each other.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'app', pattern: 'apps/web/src/app/**' },
        { type: 'feature', pattern: 'apps/web/src/features/*/**', capture: ['feature'] },
        { type: 'components', pattern: 'apps/web/src/components/**' },
        { type: 'lib', pattern: 'apps/web/src/lib/**' },
        { type: 'test', pattern: 'apps/web/src/test/**' },
      ],
      'boundaries/include': ['apps/web/src/**/*'],
      // The node resolver with TypeScript extensions: the web app has no path aliases, and the
      // TypeScript resolver's native bindings are not all on the registry, which breaks `npm ci`.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.jsx'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { types: { anyOf: ['app', 'feature', 'components', 'lib'] } } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: [
                { to: { element: { type: 'feature', captured: { feature: '{{from.element.captured.feature}}' } } } },
                { to: { element: { types: { anyOf: ['components', 'lib'] } } } },
              ],
            },
            {
              from: { element: { type: 'components' } },
              allow: { to: { element: { types: { anyOf: ['components', 'lib'] } } } },
            },
            { from: { element: { type: 'lib' } }, allow: { to: { element: { type: 'lib' } } } },
            {
              from: { element: { type: 'test' } },
              allow: { to: { element: { types: { anyOf: ['test', 'lib', 'components'] } } } },
            },
            // Packages (the contract, React, …) are not elements: always allowed.
            { allow: { to: { module: { origin: 'external' } } } },
            { allow: { to: { module: { origin: 'core' } } } },
          ],
        },
      ],
    },
  },
  {
    // Features hold no API paths: they call the typed catalogue client (`api.users.consents.index`)
    // or a named call of lib/api/calls (issue 11). A path is a string or the head of a template
    // starting with `/api/`, or with the first segment of a catalogue route (`users/`, `/events/`),
    // or `password/`, `reference/`, `login/` without a leading slash (with one they are the web
    // app's own pages). Text in JSX and MIME types (`application/pdf`) are not paths. Test files
    // are left out: their fetch stubs answer by URL. lib/api/no-api-paths.test.ts keeps this in step
    // with the catalogue and lints every feature file with it.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/**/*.test.{ts,tsx}', 'apps/web/src/features/**/test-*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports (config files excepted).' },
        ...(() => {
          // esquery regexes cannot hold a slash, hence \x2F.
          const roots = [
            'api', 'activities', 'activity-map', 'address-book', 'analytics', 'applications', 'auth', 'barcodes',
            'bulk', 'calendar', 'chats', 'claims', 'contact-us', 'dashboard', 'directory', 'documents', 'events',
            'exports', 'files', 'folders', 'geocode', 'heartbeat', 'hub', 'images', 'integrations', 'mobile',
            'motivations', 'multi-region', 'news', 'opportunities', 'organisation', 'parental-consent',
            'repeating-shifts', 'reports', 'residential-availability', 'residential-bookings',
            'residential-opportunities', 'rota', 'search', 'shifts', 'system-info', 'tasks', 'team-site-hero',
            'teams', 'telemetry', 'users', 'vetting',
          ].join('|');
          const path = String.raw`/^(?:\x2F?(?:${roots})\x2F|(?:password|reference|login)\x2F|\x2F?application\x2Fcheck-email)/`;
          const message =
            'Features hold no API paths: call the typed client (`api` of lib/api) or a named call of lib/api/calls.';
          return [
            { selector: `Literal[value=${path}]:not(ImportDeclaration > Literal)`, message },
            { selector: `TemplateLiteral[quasis.0.value.cooked=${path}]`, message },
          ];
        })(),
      ],
    },
  },
  {
    // Server layering: services never import Fastify; SQL only in repositories.
    files: ['apps/api/src/modules/**/service.ts', 'apps/api/src/modules/**/*-service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['fastify', 'fastify-*', '@fastify/*'], message: 'Services never import Fastify.' }] },
      ],
    },
  },
);
