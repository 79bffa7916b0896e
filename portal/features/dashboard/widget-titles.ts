/**
 * What each dashboard widget is called (the names of server/config/portal-settings-options.json
 * widgets): the widget's card title on the dashboard and its switch in the admin's widgets dialog
 * and global settings page, so both say the same. Issue 16 Settings take effect.
 */
export const WIDGET_TITLES: Record<string, string> = {
  'quote-summary': 'Applications by status',
  'recent-applications': 'Recent applications',
  alerts: 'Alerts',
  'quote-rush': 'Quote rush',
  'eo-expiry': 'E&O coverage',
  'training-videos': 'Training videos',
  commission: 'Commission this month',
};

/** The title of widget `name`; a name the portal has no title for yet reads as words ("new-widget" -> "New widget"). */
export function widgetTitle(name: string): string {
  const known = WIDGET_TITLES[name];
  if (known) return known;
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
