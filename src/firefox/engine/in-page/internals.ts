/**
 * What custom elements say of themselves through ElementInternals (their default role and ARIA
 * states), as the preload script (engine/index.ts INTERNALS_PRELOAD) keeps it on each element.
 * Read through Firefox's Xray waiver; elsewhere, and on any error, there is nothing to read.
 */
export const INTERNALS_PROPERTY = '__firefoxBidiMcpInternals';

type AriaProperty =
  'role' | 'ariaLabel' | 'ariaChecked' | 'ariaSelected' | 'ariaExpanded' | 'ariaPressed' | 'ariaDisabled';

/** One ARIA property a custom element set on its ElementInternals, or null. */
export function internalsAria(el: Element, property: AriaProperty): string | null {
  try {
    const waived = (el as unknown as { wrappedJSObject?: Record<string, unknown> }).wrappedJSObject;
    const internals = waived?.[INTERNALS_PROPERTY] as Partial<Record<AriaProperty, unknown>> | undefined;
    const value = internals?.[property];
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}
