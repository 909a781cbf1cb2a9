// ESLint (flat config): typescript-eslint with type information, eslint-plugin-svelte, and the
// layers of the code base written as import rules, so that a wrong import fails CI rather than
// waiting for a reviewer (CONTRIBUTING.md, "What may import what", says the rules in words).
import { builtinModules } from 'node:module'
import js from '@eslint/js'
import globals from 'globals'
import svelte from 'eslint-plugin-svelte'
import tseslint from 'typescript-eslint'

// ---- The layers ---------------------------------------------------------------------------------

/** Node's own modules, with and without the `node:` prefix. */
const NODE_BUILTINS = [...builtinModules, ...builtinModules.map((name) => `node:${name}`), 'node:*']

/**
 * OpenCV.js is 10 MB: whatever imports its loader carries it into a bundle. Only the loader itself
 * imports the package, and only the vision worker and the Node reader import the loader (the
 * Node time-lapse service loads it with a dynamic `import()`, which this rule does not see
 * and which keeps it out of the main bundle's start). Type imports are erased, so they are free.
 */
const OPENCV_PACKAGE = {
  group: ['@techstark/opencv-js'],
  allowTypeImports: true,
  message: 'Only src/shared/vision/core/opencv.ts loads OpenCV.js (10 MB): import loadOpenCV from there, in a worker or the Node reader.',
}
const OPENCV_LOADER = {
  group: ['**/vision/core/opencv'],
  allowTypeImports: true,
  message: 'Only the vision worker and the Node reader load OpenCV.js: a vision step takes `cv` as an argument.',
}
const OPENCV_LOADER_FILE = 'src/shared/vision/core/opencv.ts'
const OPENCV_LOADERS = ['src/renderer/src/workers/vision-pipeline.ts', 'src/node/reader/reader.ts']

/** The development folders: each imports src/ and the neutral datasets/ and devkit/, never another. */
const DEV_FOLDERS = ['tests', 'bench', 'scripts', 'training']
const devFolder = (name) => ({
  group: [`**/${name}/**`],
  message: `tests/, bench/, scripts/ and training/ never import each other: move what they share to datasets/ (data) or devkit/ (tools), see datasets/README.md.`,
})

/** `src/shared` runs everywhere (main, renderer, workers, CLI, tests): nothing platform-specific. */
const SHARED_FORBIDS = {
  paths: [...NODE_BUILTINS, 'electron'].map((name) => ({ name, message: 'src/shared is pure TypeScript: no Node, no Electron (pass what it needs in).' })),
  patterns: [
    {
      group: ['**/main/**', '**/node/**', '**/renderer/**', '**/cli/**', '**/preload/**'],
      message: 'src/shared imports nothing from main, the Node services, renderer, preload or the CLI.',
    },
  ],
}

/**
 * The vision steps in pipeline order. A folder imports core/ and the steps it builds on, never a
 * later step, the orchestrator (read.ts), render/ or timelapse/ (VISION_LATER: what each may not).
 */
const VISION_STEPS = ['core', 'grid', 'cells', 'digits', 'paper', 'watch']
const VISION_LATER = {
  core: ['grid', 'cells', 'digits', 'paper', 'watch'],
  grid: ['cells', 'digits', 'paper', 'watch'],
  cells: ['grid', 'digits', 'paper', 'watch'],
  digits: ['grid', 'paper', 'watch'],
  paper: ['grid', 'watch'],
  watch: [],
}
const visionStep = (step) => ({
  group: [...VISION_LATER[step].map((later) => `../${later}/*`), '../read', '../../render/*', '../../timelapse/*'],
  message: `vision/${step}/ may not import ${VISION_LATER[step].map((later) => `${later}/, `).join('')}read.ts, render/ or timelapse/ (pipeline: ${VISION_STEPS.join(' -> ')}).`,
})
/** The chain and forcing engine serves the technique finders and imports none of them. */
const TECHNIQUE_FAMILIES = ['basics', 'fish', 'single-digit', 'uniqueness', 'wings', 'chains', 'als']
const LOGIC_ENGINE = {
  group: TECHNIQUE_FAMILIES.map((family) => `../${family}/*`),
  message: 'logic/engine/ is the chain and forcing engine: it imports step.ts and common.ts, never a technique finder.',
}

const UNSAFE_ANY_OFF = Object.fromEntries(
  ['assignment', 'argument', 'call', 'member-access', 'return'].map((kind) => [`@typescript-eslint/no-unsafe-${kind}`, 'off']),
)

/** One `no-restricted-imports` setting per folder (a later setting replaces an earlier one). */
function restrictImports({ paths = [], patterns = [] }) {
  return { '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }] }
}

// ---- The config ---------------------------------------------------------------------------------

export default tseslint.config(
  {
    ignores: ['node_modules/', 'out/', 'dist/', 'coverage/', '.cache/', 'bench/out/', 'training/digits/.cache/', 'resources/', '**/*.py'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...svelte.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        // The project service finds each file's tsconfig (node, web, shared, train-digits); the few
        // JavaScript files outside them (bin/, scripts/start.js, this file) get a default program.
        projectService: { allowDefaultProject: ['*.js', 'bin/*.js', 'scripts/*.js'] },
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.svelte'],
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Named and typed already: an unused value is a leftover, but `_` marks one kept on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // A promise nobody awaits loses its error: await it, or `void` it with a comment on why.
      '@typescript-eslint/no-floating-promises': 'error',
      // Off: `async` on a function that implements a Promise-returning contract (an IPC handler, a
      // fake in a test) is what turns a throw into a rejection; the rule would have it removed.
      '@typescript-eslint/require-await': 'off',
      // A ternary or `&&` that calls something is a statement here (`shift ? redo() : undo()`).
      '@typescript-eslint/no-unused-expressions': ['error', { allowTernary: true, allowShortCircuit: true }],
      // `Digit | 0` is how a signature says "a digit or empty"; that Digit is a documenting alias of
      // number (board.ts) does not make the 0 redundant to a reader.
      '@typescript-eslint/no-redundant-type-constituents': 'off',
    },
  },
  {
    // `let server` assigned after a closure that reads it (web.ts) cannot be a const (TDZ). Not in
    // components: eslint-plugin-svelte turns this rule off there for svelte/prefer-const.
    files: ['**/*.ts', '**/*.js'],
    rules: { 'prefer-const': ['error', { ignoreReadBeforeAssign: true }] },
  },
  // Plain JavaScript (bin/, scripts/start.js, this file) has no types to check against.
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  {
    // Off in components: the linter's TypeScript program cannot resolve a `.svelte` import (only
    // svelte-check can), so every child component and `bind:this` reads as `any`.
    files: ['**/*.svelte'],
    rules: UNSAFE_ANY_OFF,
  },
  {
    // Off in OpenCV code: @techstark/opencv-js declares cv.Size, cv.Scalar, cv.Point and the flag
    // constants (cv.INTER_AREA, ...) as `any`, so every call that passes one is "unsafe".
    files: ['src/shared/vision/**', 'src/node/timelapse/**', 'bench/*-views.ts', 'devkit/*-views.ts'],
    rules: { '@typescript-eslint/no-unsafe-argument': 'off', '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // Off in tests and benchmarks: they read the app's state through page.evaluate() and the
    // CLI's output through JSON.parse, both `any` by nature, and then assert on what they got.
    // unbound-method: `expect(mock.method).toHaveBeenCalled()` passes a method without its object.
    files: ['tests/**', 'bench/**', 'devkit/**'],
    rules: { ...UNSAFE_ANY_OFF, '@typescript-eslint/unbound-method': 'off' },
  },
  {
    // Off where tests and benchmarks drive the app in Chromium: the callbacks given to
    // page.evaluate run in the page, and these files are type-checked without the DOM library,
    // so the page's objects (window, document, a canvas) are declared `any`.
    files: ['tests/e2e/**', 'bench/live.ts', 'bench/first-read.ts', 'bench/startup.ts', 'bench/saved-game.ts', 'devkit/browser.ts', 'devkit/reading.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { parser: tseslint.parser, svelteConfig: { compilerOptions: { runes: true } } },
    },
  },
  // Globals by where the code runs. src/shared gets none: tsconfig.shared.json has no DOM and no
  // Node types, so `tsc` already refuses a `document` or a `process` there.
  {
    files: [
      'src/main/**',
      'src/node/**',
      'src/preload/**',
      'src/cli/**',
      'bin/**',
      'tests/**',
      'bench/**',
      'scripts/**',
      'training/**',
      'datasets/**',
      'devkit/**',
      '*.js',
      '*.ts',
    ],
    languageOptions: { globals: globals.node },
  },
  { files: ['src/renderer/**'], languageOptions: { globals: { ...globals.browser, ...globals.worker } } },

  // ---- Layer rules (later entries replace earlier ones for the files they match) ----
  { files: ['src/**'], rules: restrictImports({ patterns: [OPENCV_PACKAGE, OPENCV_LOADER] }) },
  { files: OPENCV_LOADERS, rules: restrictImports({ patterns: [OPENCV_PACKAGE] }) },
  { files: [OPENCV_LOADER_FILE], rules: restrictImports({ ...SHARED_FORBIDS, patterns: [...SHARED_FORBIDS.patterns, OPENCV_LOADER] }) },
  {
    files: ['src/shared/**'],
    ignores: [OPENCV_LOADER_FILE],
    rules: restrictImports({ ...SHARED_FORBIDS, patterns: [...SHARED_FORBIDS.patterns, OPENCV_PACKAGE, OPENCV_LOADER] }),
  },
  ...VISION_STEPS.map((step) => ({
    files: [`src/shared/vision/${step}/**`],
    ignores: [OPENCV_LOADER_FILE],
    rules: restrictImports({ ...SHARED_FORBIDS, patterns: [...SHARED_FORBIDS.patterns, OPENCV_PACKAGE, OPENCV_LOADER, visionStep(step)] }),
  })),
  {
    files: ['src/shared/sudoku/logic/engine/**'],
    rules: restrictImports({ ...SHARED_FORBIDS, patterns: [...SHARED_FORBIDS.patterns, OPENCV_PACKAGE, OPENCV_LOADER, LOGIC_ENGINE] }),
  },
  ...DEV_FOLDERS.map((folder) => ({
    files: [`${folder}/**`],
    rules: restrictImports({ patterns: DEV_FOLDERS.filter((other) => other !== folder).map(devFolder) }),
  })),
  { files: ['devkit/**'], rules: restrictImports({ patterns: DEV_FOLDERS.map(devFolder) }) },
  {
    files: ['datasets/**'],
    rules: restrictImports({
      patterns: [
        ...DEV_FOLDERS.map(devFolder),
        { group: ['**/devkit/**'], message: 'datasets/ reads data and imports only src/; tools that use it live in devkit/.' },
      ],
    }),
  },
)
