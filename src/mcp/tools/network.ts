import { z } from 'zod';
import {
  codeFence,
  InvalidArgumentError,
  oneLine,
  openingForm,
  type Download,
  type FilePolicy,
  type NetworkBody,
  type NetworkRequest,
  type Page,
  type PageTextRule,
} from '../../firefox/index.js';
import { countForms, lineWriter, noneLine, type Noun } from '../answer-frame.js';
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

const REQUESTS: Noun = ['network request', 'network requests'];
/** How a request's line opens, before its id. */
const REQID = 'reqid=';

function line(request: NetworkRequest): string {
  const status = outcome(request);
  const time = request.durationMs === null ? '' : `, ${Math.round(request.durationMs)} ms`;
  const size = request.sizes.transferred === null ? '' : `, ${request.sizes.transferred} B`;
  const frame = request.frame === undefined ? '' : ` [in frame ${oneLine(request.frame)}]`;
  return `${REQID}${request.id} ${oneLine(request.method)} ${oneLine(status)} ${request.resourceType} ${oneLine(request.url)}${time}${size}${frame}`;
}

const REQUEST_FORM = openingForm('network entry', [REQID], `${REQID}9 GET 200 fetch https://bank.example/api`);

/** A request's timings, under its ### Timings heading. */
function timingsLine(waiting: number | null, download: number | null, total: number | null): string {
  return `waiting ${waiting ?? '?'} ms, download ${download ?? '?'} ms, total ${total ?? '?'} ms`;
}
/** Their form (hand-written: "waiting" alone would take in ordinary prose). */
const TIMINGS_FORM = {
  form: 'network entry',
  start: String.raw`waiting [\d.?]+ ms, download\b`,
  example: timingsLine(12, 3, 15),
};

/** What a saved body's line says. */
const savedBody = lineWriter('files', 'Saved ', (bytes: number, path: string) => `${bytes} B to ${path}.`, [
  2048,
  '/out/body.json',
]);
/** What a body without text shows in its place. */
const binaryBody = lineWriter(
  'binary body',
  '(binary, ',
  (bytes: number, mimeType: string | null | undefined, hint: string) => `${bytes} B, ${mimeType ?? 'no type'}${hint})`,
  [2048, 'image/png', '; save it with responseBodyFile'],
);

export const listNetworkRequests = pageTool({
  name: 'list_network_requests',
  description: "List the page's network requests, in the order they started.",
  category: 'network',
  readOnly: true,
  whileDialog: true,
  paged: 'offset',
  lines: [...countForms(REQUESTS), REQUEST_FORM],
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
    response.list('requests', requests, [`${REQUESTS[0]}${kinds}`, `${REQUESTS[1]}${kinds}`], line);
  },
});

/** One body of the request, as lines and as data: its text, or what it is and where it was saved. */
async function bodySection(
  page: Page,
  files: FilePolicy,
  pageText: PageTextRule,
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
  const saved = savedTo === undefined ? '' : savedBody(body.bytes.byteLength, savedTo);
  // Page text of many lines: set apart where a line would pose as the answer's own (answer-forms.ts).
  const shown =
    body.text !== undefined
      ? pageText.pageTextBlock(body.text)
      : binaryBody(body.bytes.byteLength, body.mimeType, savedTo === undefined ? `; save it with ${kind}BodyFile` : '');
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
  lines: [REQUEST_FORM, TIMINGS_FORM, savedBody.form, binaryBody.form],
  schema: {
    reqid: z.number().int().positive().describe('From list_network_requests.'),
    requestBodyFile: z.string().optional().describe('Save the request body here.'),
    responseBodyFile: z.string().optional().describe('Save the response body here.'),
  },
  handler: async ({ reqid, requestBodyFile, responseBodyFile }, { page, files, pageText }, response) => {
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
    lines.push('### Timings', timingsLine(request.timings.waitingMs, request.timings.downloadMs, request.durationMs));
    const requestBody = await bodySection(page, files, pageText, request, 'request', requestBodyFile);
    const responseBody = await bodySection(page, files, pageText, request, 'response', responseBodyFile);
    lines.push(...requestBody.lines, ...responseBody.lines);
    response.text(lines.join('\n'));
    response.structured('request', { ...request, bodies: { request: requestBody.data, response: responseBody.data } });
  },
});

/** One download: its file name, status, size and where it was saved. */
function downloadLine(download: Download): string {
  return `${oneLine(download.suggestedFilename || '(no name)')}: ${download.status}${download.failure ? ` (${download.failure})` : ''}${download.bytes === undefined ? '' : `, ${download.bytes} B`}${download.path ? `, saved as ${oneLine(download.path)}` : ''} (from ${oneLine(download.url)})`;
}

const noDownloads = noneLine('downloads');

export const listDownloads = userContextTool({
  name: 'list_downloads',
  description: "List this session's downloads: file name, status, size and where it was saved.",
  category: 'network',
  readOnly: true,
  lines: [
    // A hand-written start: a download's line opens with its file name, and only its end is ours.
    {
      form: 'source entry',
      start: String.raw`\S[^:]*: .*\(from [^()]*\)$`,
      example: downloadLine({
        context: '',
        url: 'https://bank.example/report',
        suggestedFilename: 'report.pdf',
        status: 'complete',
        path: '/out/report.pdf',
        bytes: 2048,
      }),
    },
    noDownloads.form,
  ],
  schema: {},
  handler: (_args, { userContext }, response) => {
    const downloads = userContext.getDownloads();
    const lines = downloads.map(downloadLine);
    response.line(lines.length ? lines.join('\n') : noDownloads()).structured('downloads', downloads);
  },
});

export const networkTools = [listNetworkRequests, getNetworkRequest, listDownloads];
