import { z } from 'zod';
import {
  codeFence,
  InvalidArgumentError,
  oneLine,
  pageTextBlock,
  type FilePolicy,
  type NetworkBody,
  type NetworkRequest,
  type Page,
} from '../../firefox/index.js';
import { userContextTool, pageTool } from '../tool.js';
import { oneOf } from './schemas.js';

/**
 * What a request's resourceType can be: the fetch destinations, and the initiator types Firefox gives when there is
 * none.
 */
const RESOURCE_TYPES = [
  'document',
  'script',
  'style',
  'image',
  'font',
  'fetch',
  'xhr',
  'iframe',
  'frame',
  'audio',
  'video',
  'track',
  'json',
  'manifest',
  'object',
  'embed',
  'worker',
  'sharedworker',
  'serviceworker',
  'audioworklet',
  'paintworklet',
  'report',
  'xslt',
  'webidentity',
  'beacon',
  'css',
  'img',
  'link',
  'other',
] as const;

/** The request's outcome, with what a request rule (or the URL policy) did to it. */
function outcome(request: NetworkRequest): string {
  const by = request.intercepted?.rule === undefined ? 'the URL policy' : `rule ${request.intercepted.rule}`;
  if (request.intercepted?.action === 'blocked') return `blocked by ${by}`;
  const status = request.failure ? `failed (${request.failure})` : String(request.status ?? 'pending');
  if (request.intercepted?.action === 'mocked') return `${status} mocked by ${by}`;
  return request.intercepted?.action === 'modified' ? `${status} (headers modified by ${by})` : status;
}

function line(request: NetworkRequest): string {
  const status = outcome(request);
  const time = request.durationMs === null ? '' : `, ${Math.round(request.durationMs)} ms`;
  const size = request.sizes.transferred === null ? '' : `, ${request.sizes.transferred} B`;
  const frame = request.frame === undefined ? '' : ` [in frame ${oneLine(request.frame)}]`;
  return `reqid=${request.id} ${oneLine(request.method)} ${oneLine(status)} ${request.resourceType} ${oneLine(request.url)}${time}${size}${frame}`;
}

export const listNetworkRequests = pageTool({
  name: 'list_network_requests',
  description: "List the page's network requests, in the order they started.",
  category: 'network',
  readOnly: true,
  whileDialog: true,
  paged: 'offset',
  schema: {
    // Checked in the handler, not listed in the schema (29 names): examples tell a model as well.
    resourceTypes: z
      .array(z.string())
      .optional()
      .describe('Only these resource types, e.g. ["document", "fetch", "xhr", "script", "image"].'),
  },
  handler: ({ resourceTypes: given }, { page }, response) => {
    const resourceTypes = given && oneOf(given, RESOURCE_TYPES, 'resourceTypes');
    const requests = page.getNetworkRequests(resourceTypes ? { resourceType: resourceTypes } : {});
    const kinds = resourceTypes ? ` of type ${resourceTypes.join(', ')}` : '';
    // The client hands requests out masked (URLs, header values, credential headers): nothing to hide here.
    response.list('requests', requests, [`network request${kinds}`, `network requests${kinds}`], line);
  },
});

/** One body of the request, as lines and as data: its text, or what it is and where it was saved. */
async function bodySection(
  page: Page,
  files: FilePolicy,
  request: NetworkRequest,
  kind: 'request' | 'response',
  saveTo: string | undefined,
): Promise<{ lines: string[]; data: Record<string, unknown> }> {
  const title = `### ${kind === 'request' ? 'Request' : 'Response'} body`;
  // A request without a body (GET, HEAD) has nothing to show unless asked for.
  if (kind === 'request' && !request.sizes.requestBody && saveTo === undefined) return { lines: [], data: {} };
  let body: NetworkBody;
  try {
    body = await page.getNetworkBody(request.id, kind);
  } catch (error) {
    if (!(error instanceof InvalidArgumentError) || saveTo !== undefined) throw error;
    return { lines: [title, error.message], data: { unavailable: error.message } };
  }
  const savedTo = saveTo === undefined ? undefined : files.write(saveTo, body.bytes);
  const saved = savedTo === undefined ? '' : `Saved ${body.bytes.byteLength} B to ${savedTo}.`;
  // Page text of many lines: set apart where a line would pose as the answer's own (see text.ts).
  const shown =
    body.text !== undefined
      ? pageTextBlock(body.text)
      : `(binary, ${body.bytes.byteLength} B, ${body.mimeType ?? 'no type'}${savedTo === undefined ? `; save it with ${kind}BodyFile` : ''})`;
  const data = {
    bytes: body.bytes.byteLength,
    mimeType: body.mimeType,
    ...(body.text === undefined ? {} : { text: body.text }),
    ...(savedTo === undefined ? {} : { savedTo }),
  };
  return { lines: [title, ...(saved ? [saved] : []), shown], data };
}

export const getNetworkRequest = pageTool({
  name: 'get_network_request',
  description: 'One request in full (headers, timings, sizes, bodies); can save a body to a file.',
  category: 'network',
  readOnly: false,
  fileArgs: ['requestBodyFile', 'responseBodyFile'],
  looksOnly: true,
  whileDialog: true,
  paged: 'offset',
  schema: {
    reqid: z.number().int().positive().describe('From list_network_requests.'),
    requestBodyFile: z.string().optional().describe('Save the request body here.'),
    responseBodyFile: z.string().optional().describe('Save the response body here.'),
  },
  handler: async ({ reqid, requestBodyFile, responseBodyFile }, { page, files }, response) => {
    const request = page.getNetworkRequest(reqid);
    if (!request)
      throw new InvalidArgumentError(
        `No network request has reqid ${reqid} on the selected page; list them with list_network_requests.`,
      );
    const lines = [line(request)];
    for (const [title, headers] of [
      ['Request headers', request.requestHeaders],
      ['Response headers', request.responseHeaders],
    ] as const) {
      // In a fence: a header line (name: value) would read like any prose line that leads with a word and a colon.
      const rows = Object.entries(headers)
        .map(([name, value]) => `${oneLine(name)}: ${oneLine(value)}`)
        .join('\n');
      const fence = codeFence(rows);
      lines.push(`### ${title}`, ...(rows ? [`${fence}http`, rows, fence] : []));
    }
    lines.push(
      `### Timings\nwaiting ${request.timings.waitingMs ?? '?'} ms, download ${request.timings.downloadMs ?? '?'} ms, total ${request.durationMs ?? '?'} ms`,
    );
    const requestBody = await bodySection(page, files, request, 'request', requestBodyFile);
    const responseBody = await bodySection(page, files, request, 'response', responseBodyFile);
    lines.push(...requestBody.lines, ...responseBody.lines);
    response.text(lines.join('\n'));
    response.structured('request', { ...request, bodies: { request: requestBody.data, response: responseBody.data } });
  },
});

export const listDownloads = userContextTool({
  name: 'list_downloads',
  description: "List this session's downloads: file name, status, size and where it was saved.",
  category: 'network',
  readOnly: true,
  schema: {},
  handler: (_args, { userContext }, response) => {
    const downloads = userContext.getDownloads();
    const lines = downloads.map(
      (download) =>
        `${oneLine(download.suggestedFilename || '(no name)')}: ${download.status}${download.failure ? ` (${download.failure})` : ''}${download.bytes === undefined ? '' : `, ${download.bytes} B`}${download.path ? `, saved as ${oneLine(download.path)}` : ''} (from ${oneLine(download.url)})`,
    );
    response.line(lines.length ? lines.join('\n') : 'No downloads.').structured('downloads', downloads);
  },
});

export const networkTools = [listNetworkRequests, getNetworkRequest, listDownloads];
