/**
 * The schema set: every JSON file of schemas/ joined into one `SchemaSet` for the engine, plus the
 * complete example documents and the placeholders new applications carry. The only TypeScript file
 * in schemas/: a new JSON file is listed here once (see docs/editing-a-schema.md).
 */
import type {
  CaseFile,
  Doc,
  FormDefinition,
  Migration,
  OutcomeTable,
  Rule,
  RuleContext,
  SchemaSet,
  ValueMapping,
} from '../engine/types.ts';
import { valueMappingName } from '../engine/value-mapping-file.ts';
import applicationSchema from './application/application.schema.json' with { type: 'json' };
import applicationRecordSchema from './application/application-record.schema.json' with { type: 'json' };
import buildingSchema from './application/building.schema.json' with { type: 'json' };
import commercialSchema from './application/commercial.schema.json' with { type: 'json' };
import contactSchema from './application/contact.schema.json' with { type: 'json' };
import coverageSchema from './application/coverage.schema.json' with { type: 'json' };
import elevationSchema from './application/elevation.schema.json' with { type: 'json' };
import homeSchema from './application/home.schema.json' with { type: 'json' };
import mailingSchema from './application/mailing.schema.json' with { type: 'json' };
import mobileHomeSchema from './application/mobile-home.schema.json' with { type: 'json' };
import propertySchema from './application/property.schema.json' with { type: 'json' };
import underwritingSchema from './application/underwriting.schema.json' with { type: 'json' };
import applicabilityCases from './cases/applicability.json' with { type: 'json' };
import crossRuleCases from './cases/cross-rules.json' with { type: 'json' };
import fieldRuleCases from './cases/field-rules.json' with { type: 'json' };
import formsAndValuesCases from './cases/forms-and-values.json' with { type: 'json' };
import underwritingCases from './cases/underwriting.json' with { type: 'json' };
import alertColoursData from './constants/alert-colours.json' with { type: 'json' };
import aopDeductibleConstant from './constants/aop-deductible.json' with { type: 'json' };
import applicationStatusesConstant from './constants/application-statuses.json' with { type: 'json' };
import applicationTypesConstant from './constants/application-types.json' with { type: 'json' };
import basementContentsConstant from './constants/basement-contents.json' with { type: 'json' };
import basementTypesConstant from './constants/basement-types.json' with { type: 'json' };
import buildingOccupanciesConstant from './constants/building-occupancies.json' with { type: 'json' };
import buildingUsesConstant from './constants/building-uses.json' with { type: 'json' };
import burglarAlarmsConstant from './constants/burglar-alarms.json' with { type: 'json' };
import claimStatusesConstant from './constants/claim-statuses.json' with { type: 'json' };
import commercialBuildingTypesConstant from './constants/commercial-building-types.json' with {
  type: 'json',
};
import commercialBuildingUsesConstant from './constants/commercial-building-uses.json' with { type: 'json' };
import communicationTypesConstant from './constants/communication-types.json' with { type: 'json' };
import constructionTypesConstant from './constants/construction-types.json' with { type: 'json' };
import contentsLocationsConstant from './constants/contents-locations.json' with { type: 'json' };
import contentsTypesConstant from './constants/contents-types.json' with { type: 'json' };
import countriesConstant from './constants/countries.json' with { type: 'json' };
import dataProvidersConstant from './constants/data-providers.json' with { type: 'json' };
import deductiblesConstant from './constants/deductibles.json' with { type: 'json' };
import distanceUnitsConstant from './constants/distance-units.json' with { type: 'json' };
import electricalTypesConstant from './constants/electrical-types.json' with { type: 'json' };
import elevationCertificateDiagramsConstant from './constants/elevation-certificate-diagrams.json' with {
  type: 'json',
};
import elevationDatumsConstant from './constants/elevation-datums.json' with { type: 'json' };
import elevatorEquipmentLocationsConstant from './constants/elevator-equipment-locations.json' with {
  type: 'json',
};
import elevatorsConstant from './constants/elevators.json' with { type: 'json' };
import exteriorCladdingsConstant from './constants/exterior-claddings.json' with { type: 'json' };
import fireAlarmsConstant from './constants/fire-alarms.json' with { type: 'json' };
import floodZonesConstant from './constants/flood-zones.json' with { type: 'json' };
import formTypesConstant from './constants/form-types.json' with { type: 'json' };
import foundationTypesConstant from './constants/foundation-types.json' with { type: 'json' };
import fungiMoldCoveragesConstant from './constants/fungi-mold-coverages.json' with { type: 'json' };
import hurricaneDeductiblesConstant from './constants/hurricane-deductibles.json' with { type: 'json' };
import hvacTypesConstant from './constants/hvac-types.json' with { type: 'json' };
import liabilityConstant from './constants/liability.json' with { type: 'json' };
import lossOfUseConstant from './constants/loss-of-use.json' with { type: 'json' };
import machineryBelowGradeValuesConstant from './constants/machinery-below-grade-values.json' with {
  type: 'json',
};
import mailingStatesConstant from './constants/mailing-states.json' with { type: 'json' };
import medicalPaymentsConstant from './constants/medical-payments.json' with { type: 'json' };
import occupancyTypesConstant from './constants/occupancy-types.json' with { type: 'json' };
import openingProtectionsConstant from './constants/opening-protections.json' with { type: 'json' };
import ordinanceOrLawConstant from './constants/ordinance-or-law.json' with { type: 'json' };
import otherStructuresConstant from './constants/other-structures.json' with { type: 'json' };
import ownedTypesConstant from './constants/owned-types.json' with { type: 'json' };
import parkingTypesConstant from './constants/parking-types.json' with { type: 'json' };
import placeholderValues from './constants/placeholders.json' with { type: 'json' };
import plumbingTypesConstant from './constants/plumbing-types.json' with { type: 'json' };
import primaryCoverageTypesConstant from './constants/primary-coverage-types.json' with { type: 'json' };
import priorCoverageTypesConstant from './constants/prior-coverage-types.json' with { type: 'json' };
import quoteTypesConstant from './constants/quote-types.json' with { type: 'json' };
import residentialPercentsConstant from './constants/residential-percents.json' with { type: 'json' };
import residentialUsesConstant from './constants/residential-uses.json' with { type: 'json' };
import roofCoveringsConstant from './constants/roof-coverings.json' with { type: 'json' };
import roofDeckAttachmentsConstant from './constants/roof-deck-attachments.json' with { type: 'json' };
import roofShapesConstant from './constants/roof-shapes.json' with { type: 'json' };
import roofTypesConstant from './constants/roof-types.json' with { type: 'json' };
import roofWallConnectionsConstant from './constants/roof-wall-connections.json' with { type: 'json' };
import stairsConstant from './constants/stairs.json' with { type: 'json' };
import storiesConstant from './constants/stories.json' with { type: 'json' };
import usStatesConstant from './constants/us-states.json' with { type: 'json' };
import workingHoursData from './constants/working-hours.json' with { type: 'json' };
import yesNoConstant from './constants/yes-no.json' with { type: 'json' };
import yesNoUnknownConstant from './constants/yes-no-unknown.json' with { type: 'json' };
import commercialExample from './examples/commercial.json' with { type: 'json' };
import excessExample from './examples/excess.json' with { type: 'json' };
import homeExample from './examples/home.json' with { type: 'json' };
import mobileExample from './examples/mobile.json' with { type: 'json' };
import primaryExample from './examples/primary.json' with { type: 'json' };
import commercialForm from './forms/commercial.form.json' with { type: 'json' };
import excessForm from './forms/excess.form.json' with { type: 'json' };
import homeForm from './forms/home.form.json' with { type: 'json' };
import mobileForm from './forms/mobile.form.json' with { type: 'json' };
import primaryForm from './forms/primary.form.json' with { type: 'json' };
import propertyDataMapping from './mappings/property-data.json' with { type: 'json' };
import messages from './messages.json' with { type: 'json' };
import migrations from './migrations.json' with { type: 'json' };
import applicability from './rules/applicability.json' with { type: 'json' };
import computed from './rules/computed.json' with { type: 'json' };
import crossRules from './rules/cross-rules.json' with { type: 'json' };
import fieldGroups from './rules/field-groups.json' with { type: 'json' };
import fieldRules from './rules/field-rules.json' with { type: 'json' };
import requiredWhen from './rules/required-when.json' with { type: 'json' };
import rulesApplyWhen from './rules/rules-apply-when.json' with { type: 'json' };
import manifest from './schema-set.json' with { type: 'json' };
import commercialTable from './underwriting/commercial.json' with { type: 'json' };
import homeTable from './underwriting/home.json' with { type: 'json' };
import mobileTable from './underwriting/mobile.json' with { type: 'json' };
import primaryExcessTable from './underwriting/primary-excess.json' with { type: 'json' };

/** `$id` of the document schema (`payload.useable_details`). */
const ROOT_SCHEMA_ID = applicationSchema.$id;

/** The imported forms, case files and outcome tables by their path in schemas/, ordered by schema-set.json. */
const formFiles: Record<string, unknown> = {
  'forms/home.form.json': homeForm,
  'forms/primary.form.json': primaryForm,
  'forms/excess.form.json': excessForm,
  'forms/mobile.form.json': mobileForm,
  'forms/commercial.form.json': commercialForm,
};
const caseFiles: Record<string, unknown> = {
  'cases/cross-rules.json': crossRuleCases,
  'cases/field-rules.json': fieldRuleCases,
  'cases/applicability.json': applicabilityCases,
  'cases/underwriting.json': underwritingCases,
  'cases/forms-and-values.json': formsAndValuesCases,
};
const mappingFiles: Record<string, unknown> = {
  'mappings/property-data.json': propertyDataMapping,
};
const tableFiles: Record<string, unknown> = {
  'underwriting/mobile.json': mobileTable,
  'underwriting/primary-excess.json': primaryExcessTable,
  'underwriting/home.json': homeTable,
  'underwriting/commercial.json': commercialTable,
};

/** The file imported for `path`; throws when schema-set.json lists a file this module does not import. */
function listed(files: Record<string, unknown>, path: string): unknown {
  if (!(path in files))
    throw new Error(`schemas/schema-set.json lists ${path}, which schemas/schema-set.ts does not import`);
  return files[path];
}

/**
 * Complete, valid `useable_details` documents per product (SPEC §3): zero validation messages and no
 * block outcome in their context (status new). Used by tests, seeds and the demo.
 */
export const examples: Record<'primary' | 'excess' | 'mobile' | 'home' | 'commercial', Doc> = {
  primary: primaryExample,
  excess: excessExample,
  mobile: mobileExample,
  home: homeExample,
  commercial: commercialExample,
};

/** The context each example document is judged in (the manifest's `example_contexts`), by example name. */
export const exampleContexts: Record<keyof typeof examples, RuleContext> = manifest.example_contexts;

/**
 * The product's schema set (SPEC §3 Application fields, §5 rules and underwriting tables, §9 constants).
 * Forms are tried in schema-set.json's order (the first whose `when` holds wins: home before the flood
 * products).
 * Constant lists are JSON Schemas referenced by `$id` from the field schemas. The examples, their
 * contexts and the data-only constants travel with the set, so a stored version exports as this
 * whole folder (docs/decisions/765).
 */
export const schemaSet: SchemaSet = {
  schemas: [
    applicationSchema,
    applicationRecordSchema,
    contactSchema,
    propertySchema,
    buildingSchema,
    elevationSchema,
    coverageSchema,
    mobileHomeSchema,
    mailingSchema,
    homeSchema,
    commercialSchema,
    underwritingSchema,
    aopDeductibleConstant,
    applicationStatusesConstant,
    applicationTypesConstant,
    basementContentsConstant,
    basementTypesConstant,
    buildingOccupanciesConstant,
    buildingUsesConstant,
    burglarAlarmsConstant,
    claimStatusesConstant,
    commercialBuildingTypesConstant,
    commercialBuildingUsesConstant,
    communicationTypesConstant,
    constructionTypesConstant,
    contentsLocationsConstant,
    contentsTypesConstant,
    countriesConstant,
    dataProvidersConstant,
    deductiblesConstant,
    distanceUnitsConstant,
    electricalTypesConstant,
    elevationCertificateDiagramsConstant,
    elevationDatumsConstant,
    elevatorEquipmentLocationsConstant,
    elevatorsConstant,
    exteriorCladdingsConstant,
    fireAlarmsConstant,
    floodZonesConstant,
    formTypesConstant,
    foundationTypesConstant,
    fungiMoldCoveragesConstant,
    hurricaneDeductiblesConstant,
    hvacTypesConstant,
    liabilityConstant,
    lossOfUseConstant,
    machineryBelowGradeValuesConstant,
    mailingStatesConstant,
    medicalPaymentsConstant,
    occupancyTypesConstant,
    openingProtectionsConstant,
    ordinanceOrLawConstant,
    otherStructuresConstant,
    ownedTypesConstant,
    parkingTypesConstant,
    plumbingTypesConstant,
    primaryCoverageTypesConstant,
    priorCoverageTypesConstant,
    quoteTypesConstant,
    residentialPercentsConstant,
    residentialUsesConstant,
    roofCoveringsConstant,
    roofDeckAttachmentsConstant,
    roofShapesConstant,
    roofTypesConstant,
    roofWallConnectionsConstant,
    stairsConstant,
    storiesConstant,
    usStatesConstant,
    yesNoConstant,
    yesNoUnknownConstant,
  ],
  root_schema_id: ROOT_SCHEMA_ID,
  context_keys: manifest.context_keys,
  forms: manifest.forms.map((file) => listed(formFiles, file)) as FormDefinition[],
  applicability,
  required_when: requiredWhen,
  rules_apply_when: rulesApplyWhen,
  field_rules: fieldRules as Rule[],
  cross_rules: crossRules as Rule[],
  computed,
  // JSON widens the `outcome` literals to string; the test suite checks every value is block or warning.
  outcome_tables: manifest.outcome_tables.map((file) => listed(tableFiles, file)) as OutcomeTable[],
  field_groups: fieldGroups,
  messages,
  migrations: migrations as Migration[],
  // JSON widens the `outcome` literals of the expectations to string; the cases check them.
  cases: manifest.cases.map((file) => listed(caseFiles, file)) as CaseFile[],
  value_mappings: Object.fromEntries(
    manifest.value_mappings.map((file) => [
      valueMappingName(file),
      listed(mappingFiles, file) as ValueMapping,
    ]),
  ),
  examples,
  example_contexts: exampleContexts,
  // Read by the server from these files directly (note colours, working hours, placeholders).
  data_files: {
    'constants/alert-colours.json': alertColoursData,
    'constants/placeholders.json': placeholderValues,
    'constants/working-hours.json': workingHoursData,
  },
};

/**
 * The obviously fake phone, e-mail and birth date (ISO date) of SPEC §3 (docs/decisions/005). A new
 * application stores only the birth date: the client's phone and e-mail start empty, and the field
 * rules refuse these two as values (issue 40, docs/decisions/766); they stay named here for the
 * applications that still hold them (SPEC §4's commercial phone, the messaging checks).
 */
export const placeholders: { phone: string; email: string; date_of_birth: string } = {
  phone: placeholderValues.phone,
  email: placeholderValues.email,
  date_of_birth: placeholderValues.date_of_birth,
};
