/** The tool sets (--tools), one per category, in the order the README lists them. */
export const TOOL_CATEGORIES = [
  'pages',
  'snapshot',
  'input',
  'script',
  'console',
  'network',
  'screenshot',
  'routes',
  'storage',
  'emulation',
  'extensions',
  'witness',
  'recording',
] as const;
export type ToolCategory = (typeof TOOL_CATEGORIES)[number];
/**
 * The sets served unless --tools says otherwise: every schema costs the model tokens on every request, so the default
 * stays small.
 */
export const DEFAULT_TOOL_SETS: readonly ToolCategory[] = [
  'pages',
  'snapshot',
  'input',
  'script',
  'console',
  'network',
  'screenshot',
];
