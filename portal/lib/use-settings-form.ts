/**
 * The state every account and settings form shares (issue 16 clean-up, docs/decisions/441): the
 * values, their field errors (the form's own checks, then the server's `error_obj` of SPEC §8 keyed
 * by field name), an optional form-level message, the busy state of the save, and starting again
 * from the stored values each time a dialog opens. A new setting is its values, its checks and its
 * call: docs/adding-a-setting.md.
 */
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { ApiEnvelope } from './api-client.ts';
import { fieldErrors } from './field-errors.ts';

/** Field errors by field name; `form` is the form-level message (shown by FormAlert). */
export type FormErrors = Record<string, string | undefined>;

/** What a form does; `T` is its values. */
export interface SettingsFormOptions<T> {
  /** A dialog's open state: the form starts again when it turns true. Pages leave it out. */
  opened?: boolean;
  /** The stored values the form starts from: a change starts the form again (with `opened`). */
  source?: unknown;
  /** The starting values, from `source`. */
  initial: () => T;
  /** The form's own checks, by field; a save with any is not sent. */
  validate?: (values: T) => FormErrors;
  /** The call; it resolves the answer's envelope (never throws, as apiCall). */
  send: (values: T) => Promise<ApiEnvelope<unknown>>;
  /** After a successful answer (close the dialog, navigate, toast...). */
  onSaved: (envelope: ApiEnvelope<unknown>) => void;
  /**
   * More errors of a refused answer, given its field errors: `form` (the form-level message) or a
   * field the answer names only by its code. Without it a refusal shows only on the fields (the
   * API client has toasted the message).
   */
  refused?: (envelope: ApiEnvelope<unknown>, fields: FormErrors) => FormErrors;
}

/** The form's state and its save. */
export interface SettingsForm<T> {
  values: T;
  set: (patch: Partial<T>) => void;
  errors: FormErrors;
  setErrors: (errors: FormErrors) => void;
  busy: boolean;
  /** Checks, sends and handles the answer; as a form's onSubmit it prevents the page load. */
  save: (event?: FormEvent) => Promise<void>;
  /** Sends another call of the form (a "Remove ..." action) with the same busy state and answer handling. */
  run: (call: () => Promise<ApiEnvelope<unknown>>) => Promise<void>;
  /** Back to the starting values, without errors. */
  reset: () => void;
}

const hasAny = (errors: FormErrors) => Object.values(errors).some(Boolean);

/** A settings or account form's state (see the module note). */
export function useSettingsForm<T>(options: SettingsFormOptions<T>): SettingsForm<T> {
  const latest = useRef(options);
  latest.current = options;
  const [values, setValues] = useState<T>(() => options.initial());
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);

  const reset = useCallback(() => {
    setValues(latest.current.initial());
    setErrors({});
  }, []);

  const { opened = true, source } = options;
  useEffect(() => {
    // `source` is a dependency on purpose: new stored values start the form again.
    void source;
    if (opened) reset();
  }, [opened, source, reset]);

  const set = useCallback((patch: Partial<T>) => setValues((prev) => ({ ...prev, ...patch })), []);

  async function run(call: () => Promise<ApiEnvelope<unknown>>) {
    const { onSaved, refused } = latest.current;
    setBusy(true);
    const envelope = await call();
    setBusy(false);
    if (envelope.status === 'success') {
      onSaved(envelope);
      return;
    }
    const fields = fieldErrors(envelope);
    setErrors({ ...fields, ...refused?.(envelope, fields) });
  }

  async function save(event?: FormEvent) {
    event?.preventDefault();
    const { validate, send } = latest.current;
    const checked = validate?.(values) ?? {};
    setErrors(checked);
    if (hasAny(checked)) return;
    await run(() => send(values));
  }

  return { values, set, errors, setErrors, busy, save, run, reset };
}
