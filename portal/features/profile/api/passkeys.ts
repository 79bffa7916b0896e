/**
 * The profile's passkey calls (issue 38, ADR 754): my passkeys (auth/mfa/passkeys-list), adding
 * one (auth/mfa/passkey-register-options, the browser's prompt, auth/mfa/passkey-register) and
 * removing one; each change reads the list and the second-factor status again.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ApiEnvelope, emptyResult } from '../../../lib/api-client.ts';
import { documentedCall, documentedData } from '../../../lib/api-operations.ts';
import { createPasskey } from '../../../lib/passkey-ceremony.ts';
import { mfaStatusQueryOptions } from './sign-in-security.ts';

export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'passkeys'],
    queryFn: () => documentedData('auth/mfa/passkeys-list', {}),
  });

export const usePasskeys = () => useQuery(passkeysQueryOptions());

/** Adds a passkey named `name`: the browser's prompt between the two calls. */
async function addPasskey(name: string): Promise<ApiEnvelope<unknown>> {
  const options = await documentedCall('auth/mfa/passkey-register-options', {});
  if (options.status !== 'success' || !options.data) return options;
  const prompt = await createPasskey(options.data);
  if ('error' in prompt) return emptyResult(prompt.error);
  return documentedCall('auth/mfa/passkey-register', { name, response: prompt.response });
}

/** `add(name)` and `remove(id)`, each answering its envelope; after a success the lists are read again. */
export function usePasskeyChanges() {
  const queryClient = useQueryClient();
  const changed = useCallback(
    async (envelope: ApiEnvelope<unknown>) => {
      if (envelope.status === 'success') {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey }),
          queryClient.invalidateQueries({ queryKey: mfaStatusQueryOptions().queryKey }),
        ]);
      }
      return envelope;
    },
    [queryClient],
  );
  return {
    add: useCallback(async (name: string) => changed(await addPasskey(name)), [changed]),
    remove: useCallback(
      async (id: number) => changed(await documentedCall('auth/mfa/passkey-remove', { id })),
      [changed],
    ),
  };
}
