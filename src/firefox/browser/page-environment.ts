import type { BidiConnection } from '../../bidi/index.js';
import { InvalidArgumentError, type Send } from '../errors.js';
import { CLIENT_WORDING } from '../engine/snapshot/wording.js';
import { IdCounter } from '../page/console.js';
import type { PageEnvironment } from '../page/page.js';
import { SnapshotIds } from '../page/snapshots.js';
import { WindowFocus } from '../page/window-focus.js';
import { SecretStore } from '../policy/secrets.js';
import { UrlPolicy } from '../policy/url-policy.js';
import type { ClientOptions } from './options.js';

/**
 * What every page of a browser shares, made from the client's options: its secrets and URL policy, snapshot and
 * console ids, capacities, layers, timeouts, and which window has the focus. Refuses default layers that name no layer.
 */
export function pageEnvironment(options: ClientOptions, connection: BidiConnection, send: Send): PageEnvironment {
  for (const name of options.defaultLayers ?? []) {
    if (!options.layers?.[name])
      throw new InvalidArgumentError(
        `Default layer "${name}" is not one of the configured layers (${Object.keys(options.layers ?? {}).join(', ') || 'none'}).`,
      );
  }
  return {
    connection,
    send,
    secrets: new SecretStore(options.secrets),
    urlPolicy: new UrlPolicy(options.urlPolicy),
    snapshotIds: new SnapshotIds(options.firstSnapshotId),
    ids: new IdCounter(),
    consoleCapacity: options.consoleCapacity,
    networkCapacity: options.networkCapacity,
    layers: { named: options.layers ?? {}, defaults: options.defaultLayers ?? [] },
    responsiveTimeout: options.responsiveTimeout ?? 3000,
    inputTimeout: options.inputTimeout,
    settle: options.settle,
    stampUids: options.stampUids ?? true,
    snapshotWording: options.snapshotWording ?? CLIENT_WORDING,
    collectsBodies: false,
    focus: new WindowFocus(),
  };
}
