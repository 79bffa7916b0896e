/**
 * Every area of the access rules (access/access-areas.json): the `user_accesses_final` of a
 * stored user whose company may use them all, for suites about something else than access.
 */
import rules from '../../access/access-areas.json' with { type: 'json' };

export const ALL_AREAS: string[] = rules.areas.map((area) => area.permission);
