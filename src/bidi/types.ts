import type { Commands, EventData } from 'webdriver-bidi-protocol';

/** Every command of the W3C spec (and its extension specs), keyed by method name. */
export type CommandName = keyof Commands;
export type CommandParams<M extends CommandName> = Commands[M]['params'];
export type CommandResult<M extends CommandName> = Commands[M]['returnType'];

/** Every event of the W3C spec, keyed by method name. */
export type EventName = EventData['method'];
export type EventParams<E extends EventName> = Extract<EventData, { method: E }>['params'];
