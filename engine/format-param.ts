import { formatCurrency } from './format-currency.ts';

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });

/**
 * A rule param as message text: `format` "currency" -> formatCurrency ("$1,250"), "number" ->
 * thousands separators ("1,250.5"); unformatted values as-is (String), null/undefined as "".
 * A formatted value that is not a finite number is shown as-is. SPEC §5 Cross rules ({amount}).
 */
export function formatParam(value: unknown, format?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (format === 'currency') return formatCurrency(value);
    if (format === 'number') return NUMBER.format(value);
  }
  return String(value);
}
