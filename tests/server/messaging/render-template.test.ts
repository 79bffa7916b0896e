/**
 * The template renderer (server/messaging/render-template.ts): every short code of the console's
 * list is filled from an application, missing values render empty, the text is not HTML-escaped,
 * no file is ever read, and a template that is not valid Liquid is a clear error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import options from '../../../server/config/portal-settings-options.json' with { type: 'json' };
import { renderTemplate, TemplateRenderError } from '../../../server/messaging/render-template.ts';
import { shortCodeValues } from '../../../server/messaging/short-code-values.ts';
import { checkShortCodeTemplate } from '../../../server/messaging/short-codes.ts';

const application = {
  id: 42,
  useable_details: { first_name: ' Maria ', last_name: 'Alvarez' },
  searched_address: '1500 Meridian Ave, Miami Beach, FL 33139',
  min_quote_amount: 1234.5,
};
const values = shortCodeValues(
  application,
  { agentName: 'Alex Agent', agentPhone: '(305) 555-0142', companyName: 'Demo Agency' },
  'https://portal.example.com/quote-view?token=signed',
  [
    { display_name: 'Wright Flood', premium: 1234.5 },
    { display_name: 'Neptune', premium: 2010 },
  ],
);

describe('renderTemplate', () => {
  it('fills every short code of the console', () => {
    const expected: Record<string, string> = {
      '{{first_name}}': 'Maria',
      '{{last_name}}': 'Alvarez',
      '{{agent_name}}': 'Alex Agent',
      '{{agent_phone}}': '(305) 555-0142',
      '{{company_name}}': 'Demo Agency',
      '{{application_id}}': 'RMGA0000042',
      '{{address}}': '1500 Meridian Ave, Miami Beach, FL 33139',
      '{{min_quote_amount}}': '$1,234.50',
      '{{carriers_quoted}}': 'Wright Flood, Neptune',
      '{{quotes_table}}': 'Wright Flood: $1,234.50 a year\nNeptune: $2,010.00 a year',
      '{{quote_link}}': 'https://portal.example.com/quote-view?token=signed',
    };
    expect(Object.keys(expected).sort()).toEqual(options.short_codes.map((entry) => entry.code).sort());
    for (const [code, value] of Object.entries(expected)) expect(renderTemplate(code, values)).toBe(value);
    expect(renderTemplate('Hi {{first_name}}, {{company_name}} found {{min_quote_amount}}.', values)).toBe(
      'Hi Maria, Demo Agency found $1,234.50.',
    );
  });

  it('renders missing values empty and the agency alone without an application', () => {
    const agencyOnly = shortCodeValues(null, { agentName: null, companyName: 'Demo Agency' }, '');
    expect(
      renderTemplate(
        '[{{first_name}}] {{company_name}} {{quote_link}}{{carriers_quoted}}{{quotes_table}}',
        agencyOnly,
      ),
    ).toBe('[] Demo Agency ');
  });

  it('writes plain text: nothing is HTML-escaped', () => {
    expect(renderTemplate('{{first_name}}', { first_name: 'Tom & <Jerry>' })).toBe('Tom & <Jerry>');
  });

  it('reads no file and refuses a template that is not valid Liquid', () => {
    expect(() => renderTemplate("{% include '/etc/passwd' %}", values)).toThrow(TemplateRenderError);
    expect(() => renderTemplate('{% if first_name %}open', values)).toThrow(/cannot be rendered/);
  });

  it('sees only own properties of the values', () => {
    expect(renderTemplate('{{constructor}}{{__proto__}}{{toString}}', values)).toBe('');
  });
});

describe('checkShortCodeTemplate (issue 43, ADR 759)', () => {
  const names = options.short_codes.map((entry) => entry.code.slice(2, -2));
  const withDollarSign = options.short_codes
    .filter((entry) => 'with_dollar_sign' in entry && entry.with_dollar_sign)
    .map((entry) => entry.code.slice(2, -2));

  it('marks the lowest premium as carrying its dollar sign, and fills it as $1,234.50', () => {
    expect(withDollarSign).toEqual(['min_quote_amount']);
    expect(renderTemplate('{{min_quote_amount}}', values)).toBe('$1,234.50');
  });

  it('refuses a "$" before a code that carries one, however spaced, and takes it before any other', () => {
    const gap = fc.constantFrom('', ' ', '  ', '\n');
    const inner = fc.constantFrom('', ' ', '- ');
    fc.assert(
      fc.property(fc.constantFrom(...names), gap, inner, fc.string({ maxLength: 20 }), (name, g, i, text) => {
        const template = `${text.replace(/[{}%$]/g, '')}$${g}{{${i}${name} }}`;
        if (withDollarSign.includes(name))
          expect(() => checkShortCodeTemplate(template)).toThrow(
            `Write {{${name}}} without a "$" before it: its value carries the dollar sign (e.g. $1,234.50).`,
          );
        else expect(() => checkShortCodeTemplate(template)).not.toThrow();
      }),
    );
  });

  it('refuses a code that is none, naming it', () => {
    expect(() => checkShortCodeTemplate('Policy {{policy_number}}')).toThrow(
      'Unknown short code: {{policy_number}}.',
    );
  });
});
