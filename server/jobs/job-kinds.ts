/**
 * Every job kind the server runs, by name (the `kind` column of `jobs`). A new kind of background
 * work is one entry here and a handler module of its area. docs/decisions/109-one-job-mechanism.md.
 */
import type { JobHandler } from './job-handler.ts';

export const jobHandlers: Record<string, JobHandler> = {};
