/**
 * docs/configuration.md, generated from server/settings/setting-declarations.ts (issue 39):
 * one table per group with each setting's type, default, production requirement and meaning.
 * `npm run docs:config` writes it; tests/server/settings/configuration-docs.test.ts keeps it current.
 */
import { SETTING_GROUPS, SETTINGS, type SettingDeclaration } from './setting-declarations.ts';
import { expectedValue } from './settings.ts';

/** Where the generated page lives, from the repository root. */
export const CONFIGURATION_DOCS_PATH = 'docs/configuration.md';

/** A table cell: pipes escaped, so a description cannot break the table. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|');
}

function row(name: string, declaration: SettingDeclaration): string {
  const fallback = declaration.default === undefined ? '' : `\`${declaration.default}\``;
  const required = declaration.requiredInProduction ? 'yes' : '';
  const needs = declaration.needs ? ` Needs ${declaration.needs.join(', ')}.` : '';
  const secret = declaration.secret ? ' Secret: never printed.' : '';
  return `| \`${name}\` | ${cell(expectedValue(declaration))} | ${fallback} | ${required} | ${cell(declaration.description)}${needs}${secret} |`;
}

/** The Markdown text of docs/configuration.md, ending with a newline. */
export function configurationDocs(): string {
  const declarations: [string, SettingDeclaration][] = Object.entries(SETTINGS);
  const lines = [
    '# Configuration',
    '',
    '<!-- Generated from server/settings/setting-declarations.ts by `npm run docs:config`; do not edit. -->',
    '',
    'The server reads these environment variables, and only these (server/settings/settings.ts is',
    'the only reader of `process.env`). A blank value counts as unset. `npm start` and every command',
    'check them first and refuse a wrong or missing value with one line naming the setting and a',
    'non-zero exit, e.g. `Configuration error: PORT=abc is not valid: expected a whole number from 1',
    'to 65535.` To add a setting, add one entry to server/settings/setting-declarations.ts and run',
    '`npm run docs:config`.',
  ];
  for (const group of SETTING_GROUPS) {
    const rows = declarations.filter(([, declaration]) => declaration.group === group);
    if (rows.length === 0) continue;
    lines.push('', `## ${group}`, '', '| Setting | Value | Default | Required in production | Meaning |');
    lines.push('| --- | --- | --- | --- | --- |');
    for (const [name, declaration] of rows) lines.push(row(name, declaration));
  }
  return `${lines.join('\n')}\n`;
}
