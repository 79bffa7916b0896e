/**
 * The server's settings (issue 39): the environment validated against server/settings/
 * setting-declarations.ts with env-schema, typed, with defaults applied. This module is the only
 * reader of `process.env` in server code. docs/configuration.md lists every setting.
 */
import envSchema from 'env-schema';
import { SETTINGS, type SettingDeclaration, type SettingName } from './setting-declarations.ts';

type Declarations = typeof SETTINGS;
type ValueOf<D> = D extends { enum: readonly (infer E)[] }
  ? E
  : D extends { type: 'integer' }
    ? number
    : string;

/**
 * The settings once read: a setting with a default is always there, any other may be absent.
 * Integers are numbers; enums are their union of strings.
 */
export type Settings = {
  readonly [K in SettingName as Declarations[K] extends { default: unknown } ? K : never]: ValueOf<
    Declarations[K]
  >;
} & {
  readonly [K in SettingName as Declarations[K] extends { default: unknown } ? never : K]?: ValueOf<
    Declarations[K]
  >;
};

/** Raw environment variables, as `process.env` holds them. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** A setting the environment gets wrong; `message` is the one line start prints. */
export class SettingError extends Error {
  constructor(
    /** The setting's name. */
    readonly setting: string,
    message: string,
  ) {
    super(message);
    this.name = 'SettingError';
  }
}

const DECLARATIONS: Record<string, SettingDeclaration> = SETTINGS;

/** The JSON Schema env-schema validates with: one property per declaration, no `required`. */
const SCHEMA = {
  type: 'object',
  properties: Object.fromEntries(
    Object.entries(DECLARATIONS).map(([name, d]) => [
      name,
      {
        type: d.type,
        ...(d.default !== undefined && { default: d.default }),
        ...(d.enum && { enum: d.enum }),
        ...(d.minimum !== undefined && { minimum: d.minimum }),
        ...(d.maximum !== undefined && { maximum: d.maximum }),
        ...(d.pattern && { pattern: d.pattern }),
      },
    ]),
  ),
};

/** What a valid value of `declaration` looks like, in words: "a whole number from 1 to 65535". */
export function expectedValue(declaration: SettingDeclaration): string {
  if (declaration.enum) return `one of ${declaration.enum.join(', ')}`;
  if (declaration.shape) return declaration.shape;
  if (declaration.type === 'integer') {
    const { minimum: low, maximum: high } = declaration;
    if (low !== undefined && high !== undefined) return `a whole number from ${low} to ${high}`;
    return 'a whole number';
  }
  return 'a string';
}

/** Declared settings of `env` with empty (blank) values dropped and the others trimmed. */
function declaredValues(env: Environment): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of Object.keys(DECLARATIONS)) {
    const value = env[name]?.trim();
    if (value) values[name] = value;
  }
  return values;
}

/**
 * The settings of `env` (default: the process's environment): blank values count as unset,
 * integers are coerced, defaults applied. Throws SettingError naming the first wrong setting
 * (`PORT=abc is not valid: expected a whole number from 1 to 65535`; a secret's value is not
 * printed). Production requirements are checked by checkSettings, not here, so a part of the
 * server can be exercised with a partial production environment.
 */
export function readSettings(env: Environment = process.env): Settings {
  const values = declaredValues(env);
  try {
    return envSchema<Settings>({ schema: SCHEMA, data: values, env: false });
  } catch (error) {
    const [first] = (error as { errors?: { instancePath: string }[] }).errors ?? [];
    const name = first?.instancePath.slice(1);
    if (!name || !DECLARATIONS[name]) throw error;
    const declaration = DECLARATIONS[name];
    const shown = declaration.secret ? `${name} (value hidden)` : `${name}=${values[name]}`;
    throw new SettingError(name, `${shown} is not valid: expected ${expectedValue(declaration)}.`);
  }
}

/**
 * readSettings, then the settings that go together (`needs`: STRIPE_SECRET_KEY without
 * STRIPE_WEBHOOK_SECRET) and, with NODE_ENV=production, every setting declared
 * `requiredInProduction`. Throws SettingError (`PUBLIC_BASE_URL is required when
 * NODE_ENV=production: ...`). Commands and the server call it once as they start.
 */
export function checkSettings(env: Environment = process.env): Settings {
  const settings = readSettings(env);
  const isSet = (name: string) => (settings as Record<string, unknown>)[name] !== undefined;
  for (const [name, declaration] of Object.entries(DECLARATIONS)) {
    const missing = isSet(name) ? declaration.needs?.find((other) => !isSet(other)) : undefined;
    if (missing) throw new SettingError(missing, `${missing} is required when ${name} is set.`);
  }
  if (settings.NODE_ENV !== 'production') return settings;
  for (const [name, declaration] of Object.entries(DECLARATIONS)) {
    if (declaration.requiredInProduction && !isSet(name)) {
      throw new SettingError(
        name,
        `${name} is required when NODE_ENV=production: ${declaration.description}`,
      );
    }
  }
  return settings;
}

/**
 * The process's settings now (readSettings of `process.env`; the compiled schema is cached, so a
 * call costs microseconds). Throws SettingError as readSettings does.
 */
export function currentSettings(): Settings {
  return readSettings();
}

/**
 * checkSettings for a command or the server's start: on a wrong setting prints its one line to
 * standard error and exits with status 1; else returns the settings.
 */
export function settingsOrExit(): Settings {
  try {
    return checkSettings();
  } catch (error) {
    if (!(error instanceof SettingError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
}
