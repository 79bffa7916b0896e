/** The check-application-id guard of SPEC §2 Guards. */
import { notFound } from '@tanstack/react-router';

/** True when `id` is all digits (ADR 040: the numeric id travels in routes). */
export function isApplicationId(id: string): boolean {
  return /^\d+$/.test(id);
}

/** beforeLoad of the details route: an application_id that is not all digits is a 404. Throws notFound(). */
export function checkApplicationId({ params }: { params: { application_id: string } }): void {
  if (!isApplicationId(params.application_id)) throw notFound();
}
