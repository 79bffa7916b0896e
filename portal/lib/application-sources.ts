/**
 * The application sources an agent can choose (issue 16, settings that take effect): the portal's
 * own (DEFAULT_APPLICATION_SOURCE, SPEC §3 default "Agent Portal") then the agency's active
 * sources of portal settings (login/me company.application_sources), without repeats.
 */
import { useAuth } from './auth-store.ts';
import { DEFAULT_APPLICATION_SOURCE } from './constants.ts';

/** The source names to offer, the default first. */
export function applicationSourceOptions(agencySources: readonly string[] | undefined): string[] {
  return [...new Set([DEFAULT_APPLICATION_SOURCE, ...(agencySources ?? [])])];
}

/** The signed-in user's application source options. */
export function useApplicationSources(): string[] {
  return applicationSourceOptions(useAuth().user?.company?.application_sources);
}
