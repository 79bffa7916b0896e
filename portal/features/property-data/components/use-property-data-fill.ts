/**
 * "Fill from property data" of the details form (issue 15): looks the application's saved address
 * up with the company's providers, fills only the empty fields (fillEmptyFields) through the
 * form's own change path so autosave saves them, and keeps, per filled field, a note of its
 * source and date for the form, and a summary of what was filled, kept and not found.
 */
import { useState } from 'react';
import { type CompiledSchemaSet, type Doc, fieldLabel } from '../../../../engine/index.ts';
import { formatInUserZone } from '../../../lib/format-when.ts';
import { lookUpPropertyData } from '../api/property-data-api.ts';
import { type FilledFrom, type FoundValue, fillEmptyFields } from '../fill-empty-fields.ts';

/** What one fill came to, for PropertyDataSummary. */
export interface FillSummary {
  filled: number;
  /** Fields found that already had a value (kept as typed). */
  kept: number;
  /** The sandbox answered at least one job. */
  sample: boolean;
  sources: string[];
  /** Per provider: its error, or the fields it could not find (labels) with the reason. */
  problems: { source: string; text: string }[];
}

/** "Sample data · Nov 25, 2026" or "From ATTOM · Nov 25, 2026": where a filled value came from. */
export function filledNote(from: FilledFrom): string {
  const when = formatInUserZone(from.fetched_at, 'MMM D, YYYY');
  return from.source === 'Sample data' ? `Sample data · ${when}` : `From ${from.source} · ${when}`;
}

/**
 * `{fill, filling, summary, dismiss, notes}`. `fill()` saves what is pending (`beforeLookup`), looks
 * up, and hands `apply` the document with the empty fields filled (read from `currentDoc()` then).
 */
export function usePropertyDataFill(options: {
  applicationId: number;
  compiled: CompiledSchemaSet;
  currentDoc: () => Doc;
  beforeLookup: () => Promise<unknown>;
  apply: (doc: Doc) => void;
}) {
  const [filling, setFilling] = useState(false);
  const [summary, setSummary] = useState<FillSummary | null>(null);
  const [notes, setNotes] = useState<Record<string, string>>({});

  async function fill() {
    setFilling(true);
    try {
      await options.beforeLookup();
      const jobs = await lookUpPropertyData(options.applicationId);
      const found: Record<string, FoundValue> = {};
      for (const job of jobs) for (const [field, value] of Object.entries(job.fields)) found[field] ??= value;
      const { doc, filled } = fillEmptyFields(options.currentDoc(), found);
      const filledCount = Object.keys(filled).length;
      if (filledCount > 0) options.apply(doc);
      setNotes((previous) => ({
        ...previous,
        ...Object.fromEntries(Object.entries(filled).map(([field, from]) => [field, filledNote(from)])),
      }));
      const label = (field: string) => fieldLabel(options.compiled, field).label;
      setSummary({
        filled: filledCount,
        kept: Object.keys(found).length - filledCount,
        sample: jobs.some((job) => job.sample),
        sources: [...new Set(jobs.map((job) => job.source))],
        problems: jobs.flatMap((job) => {
          if (job.error) return [{ source: job.source, text: job.error }];
          const byReason = new Map<string, string[]>();
          for (const missing of job.missing)
            byReason.set(missing.reason, [...(byReason.get(missing.reason) ?? []), label(missing.field)]);
          return [...byReason].map(([reason, fields]) => ({
            source: job.source,
            text: `${fields.join(', ')}: ${reason}`,
          }));
        }),
      });
    } catch {
      // A refused lookup (no address, no access) was already toasted by the API client.
    } finally {
      setFilling(false);
    }
  }

  return { fill, filling, summary, dismiss: () => setSummary(null), notes };
}
