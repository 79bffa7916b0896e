/**
 * Which view the details page shows (SPEC §2 Application details page): derived from the status,
 * but the listing resets it to the form view, as the spec says.
 */
import { useSyncExternalStore } from 'react';
import type { ApplicationStatus } from '../api/application-types.ts';

/** The two views of the details page. */
export type DetailsView = 'form' | 'quotes';

let requested: DetailsView = 'form';
const listeners = new Set<() => void>();

/** The view for a status: quotes for launched or completed, the form otherwise. SPEC §2. */
export function detailsViewForStatus(status: ApplicationStatus | string | undefined): DetailsView {
  return status === 'launched' || status === 'completed' ? 'quotes' : 'form';
}

/**
 * The view to render: quotes when requested and the status allows it, else the form (the quotes
 * view falls back to the form when the status is neither launched nor completed). SPEC §2.
 */
export function resolveDetailsView(
  view: DetailsView,
  status: ApplicationStatus | string | undefined,
): DetailsView {
  return view === 'quotes' && detailsViewForStatus(status) === 'quotes' ? 'quotes' : 'form';
}

/** Requests a view (the details page sets it from the loaded status). */
export function setDetailsView(view: DetailsView): void {
  if (view === requested) return;
  requested = view;
  for (const listener of listeners) listener();
}

/** The listing's reset to the form view. SPEC §2. */
export function resetDetailsView(): void {
  setDetailsView('form');
}

/** The requested view. */
export function getDetailsView(): DetailsView {
  return requested;
}

/** React view of the requested view. */
export function useDetailsView(): DetailsView {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getDetailsView,
    getDetailsView,
  );
}
