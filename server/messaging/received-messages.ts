/**
 * What a local sink received (the SMTP sink of server/mail, the SMS sink of server/messaging/sms):
 * the newest `max` messages, oldest first, and a wait for one that matches, already there or
 * arriving, so tests read a message the moment it is taken.
 */

/** The list and the wait over it. */
export interface ReceivedMessages<T> {
  /** Received messages, oldest first (the oldest dropped past `max`). */
  messages: T[];
  /** Keeps `message` and wakes the waits it matches. */
  add(message: T): void;
  /** Resolves with the first message matching, or rejects after `timeoutMs` with "no matching <noun>". */
  waitFor(match: (message: T) => boolean, timeoutMs?: number): Promise<T>;
}

/** An empty list keeping at most `max` messages; `noun` names them in the timeout error. */
export function receivedMessages<T>(max: number, noun: string): ReceivedMessages<T> {
  const messages: T[] = [];
  const waiters = new Set<(message: T) => void>();
  return {
    messages,
    add(message) {
      messages.push(message);
      if (messages.length > max) messages.shift();
      for (const waiter of waiters) waiter(message);
    },
    waitFor(match, timeoutMs = 5000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = (message: T) => {
          if (!match(message)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(message);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching ${noun} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
  };
}
