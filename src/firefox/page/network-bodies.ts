import type { Network } from 'webdriver-bidi-protocol';
import { InvalidArgumentError, type Send } from '../errors.js';
import type { NetworkRequest } from './network.js';

/**
 * Largest body Firefox is asked to keep, each (it also drops the oldest past its total:
 * remote.network.maxTotalDataSize).
 */
export const MAX_COLLECTED_BODY = 10 * 1024 * 1024;

/** A request's or response's body. */
export interface NetworkBody {
  kind: 'request' | 'response';
  /** The bytes as the page sent or received them, decoded from any content encoding. */
  bytes: Uint8Array;
  mimeType: string | null;
  /** The body as text, when it is text (secrets masked); absent for binary bodies. */
  text?: string;
}

/**
 * Asks the browser to keep request and response bodies from now on; false where it cannot (they are then unavailable).
 */
export async function collectBodies(send: Send): Promise<boolean> {
  try {
    await send(
      'network.addDataCollector',
      { dataTypes: ['request', 'response'], maxEncodedDataSize: MAX_COLLECTED_BODY },
      'Keeping network bodies',
    );
    return true;
  } catch {
    return false;
  }
}

const TEXT_TYPES =
  /^(text\/|application\/([\w.+-]*\+)?(json|xml|javascript|ecmascript|x-www-form-urlencoded|graphql)|image\/svg\+xml)/i;

/** The text of a body: by its type, or because its bytes are UTF-8 with no control characters. */
function textOf(bytes: Uint8Array, mimeType: string | null): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // eslint-disable-next-line no-control-regex -- control characters are what tell binary data from text
    return mimeType && TEXT_TYPES.test(mimeType) ? text : /[\0-\x08\x0e-\x1f]/.test(text) ? undefined : text;
  } catch {
    return mimeType && TEXT_TYPES.test(mimeType) ? new TextDecoder('latin1').decode(bytes) : undefined;
  }
}

/** Fetches one body of `request`, with a clear reason when there is none to give. */
export async function fetchBody(
  send: Send,
  collecting: boolean,
  request: NetworkRequest,
  kind: 'request' | 'response',
  mask: (text: string) => string,
): Promise<NetworkBody> {
  if (!collecting)
    throw new InvalidArgumentError(
      'No network bodies are kept (the client was started with collectBodies: false, or the browser refused a BiDi data collector); headers and timings are all there is.',
    );
  if (kind === 'response' && request.status === null) {
    throw new InvalidArgumentError(
      `Request ${request.id} has no response ${request.failure === undefined ? 'yet (still pending); try again once it completes' : `(it failed: ${request.failure})`}.`,
    );
  }
  let data: Network.BytesValue;
  try {
    ({ bytes: data } = await send(
      'network.getData',
      { dataType: kind, request: request.requestId },
      `Reading the ${kind} body`,
    ));
  } catch (error) {
    if (!/no such network data/i.test((error as Error).message)) throw error;
    const why =
      kind === 'request'
        ? 'it has none (a GET, or a body Firefox does not keep, such as a file upload stream)'
        : `it was empty, larger than ${MAX_COLLECTED_BODY / 1024 / 1024} MB, a redirect, or dropped to keep the browser's total under its limit`;
    throw new InvalidArgumentError(`Firefox kept no ${kind} body for request ${request.id}: ${why}.`);
  }
  const bytes = data.type === 'string' ? new TextEncoder().encode(data.value) : Buffer.from(data.value, 'base64');
  const mimeType = kind === 'response' ? request.mimeType : (request.requestHeaders['content-type'] ?? null);
  const text = textOf(bytes, mimeType);
  return { kind, bytes, mimeType, ...(text === undefined ? {} : { text: mask(text) }) };
}
