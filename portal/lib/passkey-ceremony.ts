/**
 * The browser's half of a passkey (issue 38, docs/decisions/754-passkeys-as-a-second-factor.md):
 * @simplewebauthn/browser's startRegistration and startAuthentication on the options a call
 * answered, with the browser's refusals (cancelled, timed out, unsupported) in plain words.
 */
import {
  type AuthenticationResponseJSON,
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';

export const PASSKEY_CANCELLED_MESSAGE =
  'The passkey request was cancelled or timed out. Try again when you are ready.';
export const PASSKEY_ALREADY_ADDED_MESSAGE = 'This device already holds a passkey for your account.';
export const PASSKEY_UNSUPPORTED_MESSAGE = 'This browser cannot use passkeys. Try another browser or device.';
export const PASSKEY_FAILED_MESSAGE =
  'Your browser could not use a passkey here. Try again, or use another way in.';

/** The words for an error of navigator.credentials (a DOMException, or WebAuthnError wrapping one). */
export function passkeyErrorText(error: unknown): string {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
    return PASSKEY_ALREADY_ADDED_MESSAGE;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return PASSKEY_CANCELLED_MESSAGE;
  if (name === 'NotSupportedError') return PASSKEY_UNSUPPORTED_MESSAGE;
  return PASSKEY_FAILED_MESSAGE;
}

/** True when this browser has WebAuthn at all (the passkey buttons show only then). */
export function passkeysSupported(): boolean {
  return browserSupportsWebAuthn();
}

/** The browser's answer, or the words for why there is none. */
export type PasskeyPrompt<T> = { response: T } | { error: string };

/**
 * The browser's answer with its extension results as a plain record: the generated body types
 * (openapi-typescript) take `Record<string, unknown>`, which an interface is not.
 */
function plain<T extends RegistrationResponseJSON | AuthenticationResponseJSON>(
  response: T,
): Omit<T, 'clientExtensionResults'> & { clientExtensionResults: Record<string, unknown> } {
  return {
    ...response,
    clientExtensionResults: Object.fromEntries(Object.entries(response.clientExtensionResults)),
  };
}

/** Runs `prompt`, turning the browser's refusal into words. */
async function prompted<T>(prompt: () => Promise<T>): Promise<PasskeyPrompt<T>> {
  if (!passkeysSupported()) return { error: PASSKEY_UNSUPPORTED_MESSAGE };
  try {
    return { response: await prompt() };
  } catch (error) {
    return { error: passkeyErrorText(error) };
  }
}

/** The browser makes a new passkey from the options of auth/mfa/passkey-register-options. */
export function createPasskey(optionsJSON: PublicKeyCredentialCreationOptionsJSON) {
  return prompted(async () => plain(await startRegistration({ optionsJSON })));
}

/** The browser signs with a passkey for the options of auth/mfa/passkey-options. */
export function getPasskey(optionsJSON: PublicKeyCredentialRequestOptionsJSON) {
  return prompted(async () => plain(await startAuthentication({ optionsJSON })));
}
