/** The e-mail field rule of SPEC §5, shared by the sign-in pages. */

/** 'Email cannot be empty!' for a blank value, 'Invalid Email!' for a malformed one, else null. SPEC §5. */
export function emailError(value: string): string | null {
  const email = value.trim();
  if (!email) return 'Email cannot be empty!';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return 'Invalid Email!';
  return null;
}
