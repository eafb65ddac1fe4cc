import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/src/generated/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // One database style (docs/architecture.md#database): tagged SQL or Prisma's model API, never
      // SQL text with placeholders.
      'no-restricted-properties': [
        'error',
        { property: '$queryRawUnsafe', message: 'Write tagged SQL: $queryRaw(sql`…`) (docs/architecture.md#database).' },
        { property: '$executeRawUnsafe', message: 'Write tagged SQL: $executeRaw(sql`…`) (docs/architecture.md#database).' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.property.name='env'][property.name='NODE_ENV']", message: 'Behaviour never branches on NODE_ENV; use configuration.' },
      ],
    },
  },
  {
    files: ['**/domain/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['frontends/**/*.{ts,tsx}', 'packages/frontend-kit/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/test/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  // CSS lives in .css files that rspack bundles (a component imports its stylesheet), never in
  // TypeScript: no <style> element, no string or template holding a rule such as `.a{color:red}`.
  {
    files: ['frontends/**/*.{ts,tsx}', 'packages/frontend-kit/**/*.{ts,tsx}'],
    plugins: {
      'front-end': {
        rules: {
          'no-css-in-ts': {
            meta: { type: 'problem', docs: { description: 'CSS belongs in a .css file, not in TypeScript' }, schema: [] },
            create(context) {
              const cssRule = /[\w\])*-]\s*\{\s*-{0,2}[a-z][a-z-]*\s*:[^{};]+[;}]/;
              const message = 'CSS belongs in a .css file next to the component, imported by it.';
              const check = (node, text) => {
                if (cssRule.test(text)) context.report({ node, message });
              };
              return {
                Literal: (node) => typeof node.value === 'string' && check(node, node.value),
                TemplateElement: (node) => check(node, node.value.cooked ?? node.value.raw),
                JSXOpeningElement: (node) => node.name.type === 'JSXIdentifier' && node.name.name === 'style' && context.report({ node, message }),
              };
            },
          },
        },
      },
    },
    rules: { 'front-end/no-css-in-ts': 'error' },
  },
);

