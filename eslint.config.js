// ESLint flat config. The layer rules of ARCHITECTURE.md §4 live here: code flows one way
// (lib → ui, styles → api → rbac → entities → features → app; widgets beside the console;
// the server imports only src/rbac and src/api/types).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const layer = (target, from, message) => ({ target, from, message });

const zones = [
  layer(
    './src/lib',
    [
      './src/ui',
      './src/styles',
      './src/api',
      './src/rbac',
      './src/entities',
      './src/features',
      './src/app',
      './widgets',
      './server',
    ],
    'src/lib is framework-free and imports nothing else from src/: move the code the helper needs into src/lib.',
  ),
  layer(
    './src/ui',
    [
      './src/api',
      './src/rbac',
      './src/entities',
      './src/features',
      './src/app',
      './widgets',
      './server',
    ],
    'src/ui knows no domain: pass data in as props, or promote the piece to src/entities.',
  ),
  layer(
    './src/api',
    [
      './src/ui',
      './src/rbac',
      './src/entities',
      './src/features',
      './src/app',
      './widgets',
      './server',
    ],
    'src/api is data access only (no UI, no navigation): do that in the caller.',
  ),
  layer(
    './src/rbac',
    ['./src/ui', './src/entities', './src/features', './src/app', './widgets', './server'],
    'src/rbac may use only src/lib and src/api: compose in src/app instead.',
  ),
  layer(
    './src/entities',
    ['./src/features', './src/app', './widgets', './server'],
    'entities render props and never import features or the app: compose in src/app or promote to src/entities.',
  ),
  layer(
    './src/features',
    ['./src/app', './widgets', './server'],
    'features must not import the app shell: pass what you need through props or the route table.',
  ),
  layer(
    './src',
    ['./widgets', './server'],
    'the console does not import the widgets or the server.',
  ),
  layer(
    './widgets',
    ['./src/features', './src/app', './server'],
    'widgets reuse src/entities, never features or the app: promote the piece to src/entities.',
  ),
  layer(
    './server',
    [
      './src/lib',
      './src/ui',
      './src/styles',
      './src/entities',
      './src/features',
      './src/app',
      './widgets',
      './src/api/client.ts',
    ],
    'the server may import only src/rbac and src/api/types.',
  ),
];

// No feature imports another feature.
const features = [
  'health',
  'catalog',
  'topology',
  'logs',
  'incidents',
  'playbooks',
  'notifications',
  'agents',
  'settings',
  'auth',
  'profile',
  'kiosk',
  'embed-tokens',
];
for (const feature of features) {
  zones.push(
    layer(
      `./src/features/${feature}`,
      features.filter((other) => other !== feature).map((other) => `./src/features/${other}`),
      'no feature imports another feature: promote the shared piece to src/entities, src/ui or src/api.',
    ),
  );
}

const wrappers = [
  {
    name: 'dayjs',
    message: 'use src/lib/time.ts (dayjs is only the reference of its parity test).',
  },
  { name: 'yaml', message: 'use src/lib/yaml.ts (the only yaml importer).' },
  { name: 'echarts', message: 'use src/ui/chart (the only echarts importer).' },
  { name: 'echarts-for-react', message: 'use src/ui/chart (the only echarts importer).' },
  { name: '@headlessui/react', message: 'use the primitives in src/ui.' },
  { name: '@r2wc/react-to-web-component', message: 'use defineWidget() from widgets/runtime.' },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.vigil/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      'dist-examples/**',
      'bench/results/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    settings: {
      'import-x/resolver': {
        typescript: false,
        node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
      },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-restricted-paths': ['error', { zones }],
      'no-restricted-imports': [
        'error',
        {
          paths: wrappers,
          patterns: [
            {
              group: ['echarts/*', 'echarts-for-react/*'],
              message: 'use src/ui/chart (the only echarts importer).',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'only src/api/client.ts calls fetch.' },
      ],
    },
  },
  // The one sanctioned importer of each wrapped library.
  { files: ['src/lib/time.parity.test.ts'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['src/lib/yaml.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['src/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: wrappers.filter(
            (w) => !['echarts', 'echarts-for-react', '@headlessui/react'].includes(w.name),
          ),
        },
      ],
    },
  },
  {
    files: ['widgets/runtime/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: wrappers.filter((w) => w.name !== '@r2wc/react-to-web-component') },
      ],
    },
  },
  { files: ['src/api/client.ts'], rules: { 'no-restricted-globals': 'off' } },
  // Node-side code (server, scripts, tests, benchmarks) may use fetch and any library.
  {
    files: [
      'server/**',
      'scripts/**',
      'tests/**',
      'bench/**',
      '**/*.test.ts',
      '**/*.test.tsx',
      '*.config.*',
    ],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-imports': 'off' },
  },
);
