/**
 * The dom test files that replace a module with `vi.mock` (ADR 775). The dom project shares one
 * module graph per worker between its files (`isolate: false`): a file importing React, Mantine,
 * RJSF and the portal afresh cost about 1.6 s of CPU, most of the project's. A module mock swaps a
 * module in that graph, which the files after it would see, so these files run in a project of
 * their own, `dom-module-mocks`, each in a fresh graph. tests/helpers/dom-module-mocks.test.ts keeps
 * the list equal to the files that call `vi.mock`.
 */
export const DOM_FILES_WITH_MODULE_MOCKS = [
  'tests/engine-react/schema-form-speed.test.tsx',
  'tests/portal/admin-mga-management.test.tsx',
  'tests/portal/commercial-launch-flow.test.tsx',
  'tests/portal/passkeys-card.test.tsx',
];

/** The folders of the dom projects' test files. */
export const DOM_TEST_FOLDERS = ['tests/portal', 'tests/engine-react'];
