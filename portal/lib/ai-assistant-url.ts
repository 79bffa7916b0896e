/** Where the AI-assistant frame loads from: the provider's CRM page path plus an assistant id (SPEC §7). */

/**
 * The frame URL: `pagePath` (absolute, http or https) with `assistant_id` set, or null when either
 * part is missing or the path is not a usable URL (then no frame is shown). Defaults read the build
 * configuration `VITE_AI_ASSISTANT_PAGE_URL` and `VITE_AI_ASSISTANT_ID` (ADR 093).
 */
export function aiAssistantUrl(
  pagePath: string | undefined = import.meta.env.VITE_AI_ASSISTANT_PAGE_URL,
  assistantId: string | undefined = import.meta.env.VITE_AI_ASSISTANT_ID,
): string | null {
  if (!pagePath || !assistantId) return null;
  try {
    const url = new URL(pagePath);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    url.searchParams.set('assistant_id', assistantId);
    return url.toString();
  } catch {
    return null;
  }
}
