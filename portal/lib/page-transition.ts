/**
 * The out-in page transition of SPEC §9 ("Page transition is out-in"), on the browser's view
 * transitions (docs/decisions/370-out-in-page-transition.md): when the path changes, the page that
 * leaves fades out over PAGE_OUT_MS, then the page that comes fades in over PAGE_IN_MS. The DOM holds
 * only the new page from the first frame (the old one is a snapshot), so nothing waits for the
 * animation; the shell (header, navigation) does not move. Search-only changes (listing filters),
 * a document's first page (a load or reload: nothing leaves; ADR 785), prefers-reduced-motion and
 * browsers without view transition types get no transition.
 */
import { prefersReducedMotion } from './prefers-reduced-motion.ts';

/** Fade-out of the leaving page, in ms (short: a click right after a navigation waits at most this plus PAGE_IN_MS). */
export const PAGE_OUT_MS = 120;
/** Fade-in of the coming page, in ms; it starts when the fade-out ends (out-in). */
export const PAGE_IN_MS = 120;
/** The view transition type the router gives a path change; the CSS animates only that type. */
export const PAGE_TRANSITION_TYPE = 'page';
/** `view-transition-name` of the shell's page area: the only part that fades. */
export const PAGE_AREA_NAME = 'page-area';

/**
 * What the router needs to know of a navigation (a subset of its location change info):
 * `fromLocation` is the page shown before, undefined for the document's first page.
 */
export interface PageChange {
  pathChanged: boolean;
  fromLocation?: unknown;
}

/**
 * The view transition types of a navigation: [PAGE_TRANSITION_TYPE] when the path changed from a
 * page shown before, false (no transition at all) for a search or hash change, for the document's
 * first page (ADR 785: the page would otherwise come in 240 ms late, faded in from the blank
 * document) or when `reducedMotion`.
 */
export function pageTransitionTypes(
  change: PageChange,
  reducedMotion: boolean = prefersReducedMotion(),
): string[] | false {
  return change.pathChanged && change.fromLocation !== undefined && !reducedMotion
    ? [PAGE_TRANSITION_TYPE]
    : false;
}

/** The router's `defaultViewTransition`: the types above, decided per navigation. */
export const pageViewTransition: { types: (change: PageChange) => string[] | false } = {
  types: (change) => pageTransitionTypes(change),
};

/**
 * The style sheet of the transition: the root (shell) swaps without animation, the page area's old
 * snapshot fades out, its new one fades in after a delay of PAGE_OUT_MS; reduced motion: none.
 */
export function pageTransitionCss(): string {
  const type = `:active-view-transition-type(${PAGE_TRANSITION_TYPE})`;
  return [
    '::view-transition-group(root),::view-transition-old(root),::view-transition-new(root){animation:none}',
    // Without types support the router still starts a transition: it swaps with no animation.
    `::view-transition-group(${PAGE_AREA_NAME}),::view-transition-old(${PAGE_AREA_NAME}),::view-transition-new(${PAGE_AREA_NAME}){animation:none}`,
    '@keyframes page-out{to{opacity:0}}',
    '@keyframes page-in{from{opacity:0}}',
    `html${type}::view-transition-old(${PAGE_AREA_NAME}){animation:page-out ${PAGE_OUT_MS}ms ease-in both}`,
    `html${type}::view-transition-new(${PAGE_AREA_NAME}){animation:page-in ${PAGE_IN_MS}ms ease-out ${PAGE_OUT_MS}ms both}`,
    '@media (prefers-reduced-motion: reduce){::view-transition-group(*),::view-transition-old(*),::view-transition-new(*){animation:none!important}}',
  ].join('\n');
}
