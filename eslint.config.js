// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import stylistic from '@stylistic/eslint-plugin';

export default tseslint.config(
  { ignores: ['dist/', 'temp/', 'node_modules/', 'coverage/', 'tests/wpt/', 'src/firefox/engine/bundle.generated.ts'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    plugins: { '@stylistic': stylistic },
    rules: {
      // Prettier lays the code out; this holds what it cannot break (comments) to the same width.
      // A long string, template or link stays whole, so that it can be searched for.
      '@stylistic/max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true, ignoreRegExpLiterals: true },
      ],
    },
  },
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-condition': ['error', { allowConstantLoopConditions: true }],
    },
  },
  {
    // The in-page engine is bundled into one self-contained source: at run time it imports its own modules only.
    files: ['src/firefox/engine/in-page/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[importKind!='type'][source.value!=/^\\.\\/[\\w-]+\\.js$/]",
          message: 'The in-page engine runs in the page: import its own modules (./x.js) or types only.',
        },
      ],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
