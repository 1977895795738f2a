export { BidiConnection, type ConnectOptions, type SendOptions } from './connection.js';
export { BidiError, BidiProtocolError, BidiTimeoutError, BidiConnectionClosedError } from './errors.js';
export type { CommandName, CommandParams, CommandResult, EventName, EventParams } from './types.js';
export { toLocalValue, fromRemoteValue, type JsonValue } from './values.js';
