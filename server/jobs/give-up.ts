/**
 * Thrown by a job handler whose work can never succeed by trying again (a receiver refused the
 * request with a 4xx, the target is not allowed, the retry window is over): the job fails at once
 * with this message, whatever attempts are left. docs/decisions/109-one-job-mechanism.md.
 */
export class GiveUp extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GiveUp';
  }
}
