/**
 * When a document was generated, as its footer prints it: in the agency's time zone (issue 40,
 * docs/decisions/752-sending-follows-the-comparison.md), e.g. "Nov 29, 2026, 1:30 AM EST".
 */

/**
 * `at` in IANA zone `timeZone` as "MMM D, YYYY, h:mm AM <zone abbreviation>", in characters the
 * PDF's standard fonts draw (ICU's narrow no-break space before AM/PM made a plain space). A zone
 * Intl does not know prints in UTC.
 */
export function documentTime(at: Date, timeZone: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    })
      .format(at)
      .replace(/[\u202f\u00a0]/g, ' ');
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}
