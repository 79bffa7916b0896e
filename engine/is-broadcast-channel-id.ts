const CHANNEL_ID = /^[A-Za-z0-9\-_=@,.;]+$/;

/**
 * True when `id` is non-empty and holds only ASCII letters, digits and - _ = @ , . ;
 * SPEC §5 ("A broadcast channel id may contain only letters, digits and - _ = @ , . ;").
 */
export function isBroadcastChannelId(id: string): boolean {
  return typeof id === 'string' && CHANNEL_ID.test(id);
}
