/** What every route sees in its context: the auth view and the query client. */
import type { QueryClient } from '@tanstack/react-query';

/** Auth as the guards need it (backed by lib/auth-store in the app, by fakes in tests). */
export interface RouterAuth {
  isLoggedIn: () => boolean;
  /** Remembers the path to return to after login. SPEC §3 redirect_back_path_on_login. */
  rememberPath: (path: string) => void;
}

/** Router context. */
export interface RouterContext {
  auth: RouterAuth;
  queryClient: QueryClient;
}
