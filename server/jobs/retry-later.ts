/**
 * Thrown by a job handler that cannot finish now but should run again after `delayMs` (a receiver
 * answered 500, a provider asked to wait): the job goes back to the queue, its attempt counted.
 * docs/decisions/109-one-job-mechanism.md.
 */
export class RetryLater extends Error {
  constructor(
    /** How long to wait before the next attempt, in ms. */
    readonly delayMs: number,
    message = 'retry later',
  ) {
    super(message);
    this.name = 'RetryLater';
  }
}
