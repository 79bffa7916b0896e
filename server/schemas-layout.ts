/** The folder of schemas/ that holds the product's outcome tables (its underwriting questions). */
export const OUTCOME_TABLE_FOLDER = 'underwriting';
