import type { ApplicationStatus } from '../db/schema.ts';
import type { AlertColor } from '../notes/note-color.ts';

/**
 * Filters of a report: `fromDay` .. `toDay` (`YYYY-MM-DD`, both included) are calendar days in
 * `timeZone` (an IANA name PostgreSQL knows, 'UTC' by default) of created_at.
 */
export interface ReportFilters {
  fromDay: string;
  toDay: string;
  timeZone: string;
  companyId?: number;
  product?: string;
  status?: ApplicationStatus;
  /** Two-letter state of the application's address (useable_details.state). */
  state?: string;
  agentId?: number;
  source?: string;
  /** A carrier code the application asked. */
  carrier?: string;
  /** The application's alert colour (its most urgent active alert note; SPEC §4 Alert filter). */
  alertColour?: AlertColor;
}
