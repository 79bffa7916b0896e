/** The folder of a schema-set directory that holds the value mappings (docs/schema-format.md "Layout"). */
export const VALUE_MAPPINGS_FOLDER = 'mappings';

/** A value mapping's name in the set: its file name without folder and `.json` (`mappings/x.json` -> `x`). */
export function valueMappingName(file: string): string {
  return file.replace(/^.*\//, '').replace(/\.json$/, '');
}

/** The file of the value mapping `name`, relative to the set's directory (`x` -> `mappings/x.json`). */
export function valueMappingFile(name: string): string {
  return `${VALUE_MAPPINGS_FOLDER}/${name}.json`;
}
