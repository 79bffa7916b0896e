/** What every route sees in its context: the auth view and the query client's loader. */
import type { QueryClient } from '@tanstack/react-query';
import type { StoredUser } from './lib/auth-store.ts';

/** Auth as the guards need it (backed by lib/auth-store in the app, by fakes in tests). */
export interface RouterAuth {
  isLoggedIn: () => boolean;
  /** Remembers the path to return to after login. SPEC §3 redirect_back_path_on_login. */
  rememberPath: (path: string) => void;
  /**
   * The signed-in user with their company (check-subscription, the super-admin redirect). Optional
   * so contexts that only check login stay small; a context without it has no user.
   */
  currentUser?: () => StoredUser | null;
}

/** Router context. */
export interface RouterContext {
  auth: RouterAuth;
  /**
   * The query client, loaded by the first route that needs it (ADR 540): every call returns the
   * same promise. Loaders await it before priming queries; the layouts whose pages read queries
   * await it so they render with the client provided.
   */
  loadQueryClient: () => Promise<QueryClient>;
}
