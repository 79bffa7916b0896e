/**
 * The commercial dialogs shown before the form of a new Commercial application (ADR 071; SPEC §2
 * Dialogs: commercial address verification, commercial building type): the address is verified
 * first, then the building type is chosen; "not a commercial building" closes both and shows the
 * advice to delete the application and create a residential one.
 *
 * States: `step` 'address' -> 'building-type' -> null (closed at any step); `notCommercial` while
 * the "Not a commercial building" notice is up.
 */
import { useState } from 'react';
import type { Doc } from '../../../../engine/index.ts';
import type { Application } from '../api/application-types.ts';

/** The commercial dialogs shown before the form: address first, then the building type. ADR 071. */
export type CommercialIntroStep = 'address' | 'building-type' | null;

/**
 * The first commercial intro step for an application: a new Commercial application whose document
 * has no `commercial_building_type` yet starts with the address verification; others skip it.
 */
export function commercialIntroStart(
  app: Pick<Application, 'status' | 'carrier_quote_type'>,
  doc: Doc,
): CommercialIntroStep {
  const commercial = app.carrier_quote_type?.[0] === 'Commercial';
  return app.status === 'new' && commercial && !doc.commercial_building_type ? 'address' : null;
}

/** The intro of `application` whose draft starts as `doc` (read at mount only). */
export function useCommercialIntro(application: Application, doc: Doc) {
  const [step, setStep] = useState<CommercialIntroStep>(() => commercialIntroStart(application, doc));
  const [notCommercial, setNotCommercial] = useState(false);
  return {
    step,
    notCommercial,
    /** The address is right: the building type comes next. */
    addressConfirmed: () => setStep('building-type'),
    /** The agent says the building is not commercial: the dialogs close and the notice shows. */
    declaredNotCommercial: () => {
      setStep(null);
      setNotCommercial(true);
    },
    close: () => setStep(null),
    dismissNotCommercial: () => setNotCommercial(false),
  };
}
