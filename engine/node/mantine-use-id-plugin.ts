import type { Plugin } from 'vite';

/** The module of @mantine/hooks' `useId` (Mantine 9), which every Mantine input, radio and popover calls. */
const USE_ID_MODULE = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/** What the shipped module does on mount: replace the first id with a random one, from a layout effect. */
const SHIPPED_MOUNT_EFFECT = 'setUuid(randomId());';

/**
 * The same hook without the mount effect: the random id is the first state. Mantine renders the
 * id React made first and swaps in a random one after mount, for server rendering; the portal
 * renders only in the browser, so it can start from the random id. Same ids' shape, same hook
 * order at every call site.
 */
const USE_ID_WITHOUT_MOUNT_EFFECT = `"use client";
import { randomId } from "../utils/random-id/random-id.mjs";
import { useState } from "react";
function useId(staticId) {
	const [uuid] = useState(randomId);
	return typeof staticId === "string" ? staticId : uuid;
}
export { useId };
`;

/**
 * Vite plugin replacing @mantine/hooks' `useId` with one that sets no state after mount: the
 * shipped one's layout effect re-rendered every Mantine input wrapper, radio, radio group, select
 * and popover synchronously after a form's first commit, a second render of most of the form
 * before it could take a key (ADR 600). Fails the build when the module no longer holds the
 * shipped mount effect (a Mantine upgrade): re-check the hook, then this replacement. Applies to
 * production builds (the portal's vite.config.ts, tests/bench/build-page.ts); the dev server's
 * pre-bundled dependencies and the jsdom tests run Mantine's own, which differs only in speed.
 */
export function mantineUseIdWithoutMountEffect(): Plugin {
  return {
    name: 'mantine-use-id-without-mount-effect',
    apply: 'build',
    transform(code, id) {
      if (!USE_ID_MODULE.test(id)) return undefined;
      if (!code.includes(SHIPPED_MOUNT_EFFECT)) {
        this.error(
          `${id} no longer holds "${SHIPPED_MOUNT_EFFECT}"; re-check engine/node/mantine-use-id-plugin.ts`,
        );
      }
      return { code: USE_ID_WITHOUT_MOUNT_EFFECT, map: null };
    },
  };
}
