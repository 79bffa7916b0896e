/**
 * The carrier catalogue this server process quotes with (issue 43, docs/decisions/772): the highest
 * published carrier_catalog_versions row, held in memory and swapped whole when another version is
 * published (server/services/carrier-catalogue-reload.ts). Until the database is read it is
 * carriers.json, the catalogue version 1 is seeded from. Server code reads the catalogue only here;
 * a reader keeps the object it got for the whole of one act (a launch, a quote), so one act never
 * mixes two versions.
 */
import { carriersFile } from '../../carrier-catalog/carriers-file.ts';
import type { CarriersFile } from '../../carrier-catalog/carriers-file-types.ts';

let current: { file: CarriersFile; version: number | null } = { file: carriersFile, version: null };

/** The catalogue in use: the published version last loaded, else carriers.json. */
export function currentCarriers(): CarriersFile {
  return current.file;
}

/** The number of the version in use, or null before the database was read. */
export function currentCarriersVersion(): number | null {
  return current.version;
}

/** Makes `file`, published version `version`, the catalogue in use (the reload serializes its calls). */
export function putCarriersInUse(file: CarriersFile, version: number): void {
  current = { file, version };
}

/** Back to carriers.json with no version read: the next reload loads the latest whatever its number. */
export function forgetLoadedCarriers(): void {
  current = { file: carriersFile, version: null };
}
