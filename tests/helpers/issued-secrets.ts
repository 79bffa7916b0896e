/**
 * The whole suite's server logs and the secrets the suite was issued (issue 38, "a test greps the
 * logs of the whole suite for any issued key or token"; ADR 755). Every test process appends what
 * its servers log to test-results/server-logs/<pid>-<thread>.log, and every session key,
 * mfa_token, reset or invitation token, TOTP secret, partner key, webhook secret and recovery code
 * they answered or mailed to test-results/issued-secrets/<pid>-<thread>.txt, one a line;
 * issued-secrets-check.ts reads both at the end of the run. Each process writes only its own
 * files, one synchronous append per write (no stream to flush before a worker exits).
 */
import { mkdirSync, openSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { threadId } from 'node:worker_threads';

const TEST_RESULTS = resolve(import.meta.dirname, '../../test-results');
/** Where every test process appends its servers' log lines. */
export const SERVER_LOGS_DIR = join(TEST_RESULTS, 'server-logs');
/** Where every test process appends the secrets its servers issued, one a line. */
export const ISSUED_SECRETS_DIR = join(TEST_RESULTS, 'issued-secrets');

/** An append-only file of this process (and thread) in `dir`, opened on the first line. */
function processFile(dir: string, extension: string): (text: string) => void {
  let fd: number | null = null;
  return (text) => {
    if (text === '') return;
    if (fd === null) {
      mkdirSync(dir, { recursive: true });
      fd = openSync(join(dir, `${process.pid}-${threadId}.${extension}`), 'a');
    }
    writeSync(fd, text);
  };
}

/** Appends `text` (log lines as the server wrote them) to this process's server log. */
export const appendServerLog = processFile(SERVER_LOGS_DIR, 'log');
const appendSecrets = processFile(ISSUED_SECRETS_DIR, 'txt');

/** JSON fields whose string value is a secret the server issued (an answer's, a mail's). */
const SECRET_FIELD =
  /"(?:session_key|previous_session_key|mfa_token|secret|webhook_secret)"\s*:\s*"([A-Za-z0-9_-]{8,})"/g;
/** The recovery codes array of an answer. */
const RECOVERY_CODES = /"recovery_codes"\s*:\s*\[([^\]]*)\]/g;
/** A link's secret parameter (reset and invitation links, quote-view links). */
const SECRET_PARAMETER = /[?&](?:token|url_token|code)=([A-Za-z0-9_-]{16,})/g;

/** The secrets `text` carries: the values of secret JSON fields, recovery codes, link tokens. */
export function secretsIn(text: string): string[] {
  const found = [...text.matchAll(SECRET_FIELD), ...text.matchAll(SECRET_PARAMETER)].map((m) => m[1]);
  for (const [, codes] of text.matchAll(RECOVERY_CODES))
    for (const [code] of codes.matchAll(/[A-Za-z0-9-]{8,}/g)) found.push(code);
  return found;
}

/** Records the secrets `text` (an answer's body, a mail's text) carries as issued. */
export function recordSecretsIn(text: string): void {
  const found = secretsIn(text);
  if (found.length > 0) appendSecrets(`${found.join('\n')}\n`);
}

/** The contents of every file in `dir` (none when it does not exist), with its name. */
function filesOf(dir: string): { name: string; text: string }[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
}

/**
 * Every issued secret that appears in a server log, as `<first 6 characters>… in <log file>`
 * (never the whole secret). A log is cut into words of [A-Za-z0-9_-], which is how a secret sits
 * in a log line (after `=`, `/` or a quote); a word right after a `%` is also read without the
 * escape's two hex digits (`%22<key>`). One pass over each log, one or two Set lookups per word.
 */
export function leakedSecrets(logsDir = SERVER_LOGS_DIR, secretsDir = ISSUED_SECRETS_DIR): string[] {
  const secrets = new Set(
    filesOf(secretsDir)
      .flatMap((file) => file.text.split('\n'))
      .filter((line) => line.length >= 8),
  );
  if (secrets.size === 0) return [];
  // Words shorter than the shortest secret (most of a log line) are passed over by the pattern.
  const shortest = Math.min(...[...secrets].map((secret) => secret.length));
  const words = new RegExp(`[A-Za-z0-9_-]{${shortest},}`, 'g');
  const leaks = new Set<string>();
  for (const log of filesOf(logsDir)) {
    for (const { 0: word, index } of log.text.matchAll(words)) {
      const secret = secrets.has(word)
        ? word
        : log.text[index - 1] === '%' && secrets.has(word.slice(2))
          ? word.slice(2)
          : null;
      if (secret) leaks.add(`${secret.slice(0, 6)}… in test-results/server-logs/${log.name}`);
    }
  }
  return [...leaks];
}
