/**
 * The impact report of a draft (issue 37 "Impact before publish"): the changes of every replayed
 * document (impact-replay.ts) added up, each with how many stored applications it touches, up to
 * SAMPLE_SIZE of their ids, and the saved test documents and examples it touches by name.
 * docs/decisions/705-impact-before-publish.md.
 */
import { SAMPLE_SIZE } from '../repositories/impact-replay-repository.ts';
import type { DocumentChanges } from './impact-replay.ts';

/** How many stored applications a change touches, some of their ids, and the test documents it touches. */
export interface ImpactCount {
  count: number;
  sample_application_ids: number[];
  test_documents: string[];
}

export type ValueRefused = { field: string; value: unknown } & ImpactCount;
export type MessageChange = {
  change: 'gained' | 'lost';
  field: string;
  rule_id: string;
  message: string;
} & ImpactCount;
export type FieldChange = { change: 'appears' | 'disappears'; field: string } & ImpactCount;
export type OutcomeChange = {
  change: 'gained' | 'lost';
  table_id: string;
  question_id: string;
  outcome: 'block' | 'warning';
  message: string;
} & ImpactCount;

/** The answer of schema-studio/impact (and the result of its job). */
export interface ImpactReport {
  version: number;
  /** Stored in-progress applications replayed. */
  applications_checked: number;
  /** Saved test documents and example documents replayed. */
  test_documents_checked: number;
  values_no_longer_allowed: ValueRefused[];
  message_changes: MessageChange[];
  field_changes: FieldChange[];
  outcome_changes: OutcomeChange[];
  /** True when a refused value, a message or an outcome changes for a stored application: publish needs accept_impact. */
  changes_stored_applications: boolean;
  checked_at: string;
}

/** A batch of identical documents: how many stored applications hold it and some of their ids, or a test document's name. */
export type ReplayedGroup = { count: number; sampleIds: number[] } | { testDocument: string };

/** Adds replayed documents up; `report()` answers the totals so far. */
export class ImpactTally {
  #applications = 0;
  #testDocuments = 0;
  #entries = new Map<string, ImpactCount & Record<string, unknown>>();

  /** Counts `changes` for every document of `group`. */
  add(changes: DocumentChanges, group: ReplayedGroup): void {
    if ('testDocument' in group) this.#testDocuments += 1;
    else this.#applications += group.count;
    const count = (kind: string, key: string, fields: Record<string, unknown>) => {
      const id = `${kind}\u0000${key}`;
      let entry = this.#entries.get(id);
      if (!entry) {
        entry = { kind, ...fields, count: 0, sample_application_ids: [], test_documents: [] };
        this.#entries.set(id, entry);
      }
      if ('testDocument' in group) {
        if (entry.test_documents.length < SAMPLE_SIZE) entry.test_documents.push(group.testDocument);
        return;
      }
      entry.count += group.count;
      const room = SAMPLE_SIZE - entry.sample_application_ids.length;
      if (room > 0) entry.sample_application_ids.push(...group.sampleIds.slice(0, room));
    };
    for (const { field, value } of changes.refusedValues) {
      count('value', JSON.stringify([field, value]), { field, value });
    }
    for (const [change, list] of [
      ['gained', changes.gainedMessages],
      ['lost', changes.lostMessages],
    ] as const) {
      for (const m of list) count('message', `${change}\u0000${m.field}\u0000${m.rule_id}`, { change, ...m });
    }
    for (const [change, list] of [
      ['appears', changes.appearingFields],
      ['disappears', changes.disappearingFields],
    ] as const) {
      for (const field of list) count('field', `${change}\u0000${field}`, { change, field });
    }
    for (const [change, list] of [
      ['gained', changes.gainedOutcomes],
      ['lost', changes.lostOutcomes],
    ] as const) {
      for (const o of list) {
        count('outcome', `${change}\u0000${o.table_id}\u0000${o.question_id}\u0000${o.outcome}`, {
          change,
          ...o,
        });
      }
    }
  }

  /** Applications counted so far. */
  get applicationsChecked(): number {
    return this.#applications;
  }

  /** The report of everything added, most applications first. */
  report(version: number, now = new Date()): ImpactReport {
    const of = <T>(kind: string) =>
      [...this.#entries.values()]
        .filter((entry) => entry.kind === kind)
        .sort((a, b) => b.count - a.count || b.test_documents.length - a.test_documents.length)
        .map(({ kind: _kind, ...rest }) => rest as unknown as T);
    const values = of<ValueRefused>('value');
    const messages = of<MessageChange>('message');
    const outcomes = of<OutcomeChange>('outcome');
    return {
      version,
      applications_checked: this.#applications,
      test_documents_checked: this.#testDocuments,
      values_no_longer_allowed: values,
      message_changes: messages,
      field_changes: of<FieldChange>('field'),
      outcome_changes: outcomes,
      changes_stored_applications: [...values, ...messages, ...outcomes].some((entry) => entry.count > 0),
      checked_at: now.toISOString(),
    };
  }
}
