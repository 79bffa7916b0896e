/** Where a user goes once signed in (the sign-in pages of issue 4). SPEC §3 redirect_back_path_on_login. */
import { useNavigate } from '@tanstack/react-router';
import { takeRedirectBackPath } from '../../lib/auth-store.ts';

/** Internal path to return to after login: only same-origin paths, never /auth itself; else null. */
function safeReturnPath(path: string | null | undefined): string | null {
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/auth')) return null;
  return path;
}

/** Sends a signed-in user where they were going: ?redirect=, the remembered path, or /dashboard. */
export function useGoAfterSignIn(redirectParam: string | undefined): () => void {
  const navigate = useNavigate();
  return () => {
    const remembered = takeRedirectBackPath();
    const target = safeReturnPath(redirectParam) ?? safeReturnPath(remembered) ?? '/dashboard';
    void navigate({ href: target, replace: true });
  };
}
