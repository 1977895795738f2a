/** A page (a tab): navigation, dialogs, console, network, emulation, snapshots and input by uid. */
export { Page } from './page.js';
export type {
  PageInfo,
  NavigateOptions,
  ScreenshotOptions,
  EvaluateOptions,
  WaitUntil,
  NavigationResult,
  PageMarkdown,
} from './types.js';
export type { Screenshot } from './capture.js';
export { Navigation, type NavigationEnd, type NavigationOutcome } from './navigation.js';
export { type ConsoleMessage, type ConsoleFilter, type ConsoleLevel } from './console.js';
export { type NetworkRequest, type NetworkFilter, type Interception } from './network.js';
export { type NetworkBody, MAX_COLLECTED_BODY } from './network-bodies.js';
export { type Dialog } from './dialogs.js';
export { NO_EMULATION, type Emulation } from './emulation.js';
export { DEVICES, DEVICE_NAMES, type Device } from './devices.js';
export { type SnapshotOptions, type TakenSnapshot } from './snapshots.js';
export { CLIENT_LINE_FORMS } from './line-forms.js';
export { type UidSelector } from './uids.js';
export { describeQuery, Locator, matches, resolveQuery, type LocateQuery, type RoleAndName } from './locator.js';
export { documentUrlOf, targetOf, type TargetDescription } from './targets.js';
export { type ClickOptions, type KeyOptions, type MouseButton, type Modifier } from './input/actions.js';
export { type PersonInput } from './input/sources.js';
export { type ViewportBox } from '../engine/types.js';
export { needsApproval, type ApprovalRule, type Approver, type PendingAction, type PendingTarget } from './approval.js';
export { type ScrollOptions, type ScrollResult } from './input/scroll.js';
export { type ActedOn, type ActionResult } from './input/settle.js';
export { type PointTarget } from './readings.js';
export {
  type ActionDone,
  type CaretAfterClick,
  type DoneOf,
  type DragOutcome,
  type NamedElement,
} from './input/done.js';
export { type SelectTextOptions } from './input/text-selection.js';
export { WITNESS_ROLES } from './witness.js';
export { DELIBERATE } from './witness-deliberate.js';
export {
  formatWitnessReport,
  type DifferenceKind,
  type WitnessDifference,
  type WitnessReport,
} from './witness-report.js';
