const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const CENTS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Dollars as text with thousands separators: 1234567 -> "$1,234,567", 1234.5 -> "$1,234.50",
 * -2500 -> "-$2,500". Cents appear only when the amount is not whole (after rounding to cents).
 * A non-finite amount gives "". SPEC §5 ("Helpers reformat currency fields with thousands separators").
 */
export function formatCurrency(amount: number): string {
  if (!Number.isFinite(amount)) return '';
  // Whole amounts skip the x100 step, which loses precision past 2^53 / 100.
  if (Number.isInteger(amount)) return `${amount < 0 ? '-' : ''}$${WHOLE.format(Math.abs(amount))}`;
  const cents = Math.round(Math.abs(amount) * 100);
  const sign = amount < 0 && cents !== 0 ? '-' : '';
  const text = cents % 100 === 0 ? WHOLE.format(cents / 100) : CENTS.format(cents / 100);
  return `${sign}$${text}`;
}
