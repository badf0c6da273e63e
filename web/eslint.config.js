// ESLint for the web app (`npm run lint`, part of `npm run check` and `make test`).
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import fs from 'node:fs'

// Each feature stands alone: what two features share lives in src/lib, src/components, src/hooks or src/test.
// One zone per folder of src/features, read from disk so that a new feature is covered without editing this file.
const features = fs
  .readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: 'a feature never imports another feature: move what they share into src/lib, src/components, src/hooks or src/test',
}))

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'src/lib/api/schema.d.ts', 'e2e/screenshots/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      // Which files import-x parses, and how it parses them (without these it cannot follow .ts(x) imports).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Feature modules are shared by the portals, so they never reach into one.
            { target: './src/features', from: './src/portals', message: 'features are shared by portals: move the code into the feature or src/lib' },
            // Portals are separate bundles: one never imports another.
            { target: './src/portals/admin', from: ['./src/portals/tenant', './src/portals/client'] },
            { target: './src/portals/tenant', from: ['./src/portals/admin', './src/portals/client'] },
            { target: './src/portals/client', from: ['./src/portals/admin', './src/portals/tenant'] },
            // Generic building blocks know nothing of features or portals.
            { target: ['./src/lib', './src/components', './src/hooks'], from: ['./src/features', './src/portals'] },
            ...featureZones,
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Accessibility of the markup (labels, roles, keyboard access, alt texts): jsx-a11y's recommended rules.
    // axe-core checks the rendered pages in the browser journeys (expectNoSeriousA11yViolations in e2e/support.mjs).
    ...jsxA11y.flatConfigs.recommended,
    files: ['**/*.tsx'],
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: globals.browser },
    // The ui/ wrappers that render one plain element are checked as that element. (FormLabel is not: it takes its
    // htmlFor from the form item, which the rule cannot see.)
    settings: { 'jsx-a11y': { components: { Button: 'button', Input: 'input', Label: 'label' } } },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrollable block (code, logs, payloads, message lists) takes tabIndex={0} so a keyboard can scroll it
      // (axe's scrollable-region-focusable); it is then a named role="region", which this allows besides tabpanel.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
)
