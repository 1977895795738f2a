import { z } from 'zod';
import { InvalidArgumentError, oneLine, type NetworkRequest } from '../../firefox/index.js';
import { defineTool } from '../tool.js';
import { paginate } from './paging.js';
import { maxChars, offset, pageIdx, pageSize } from './schemas.js';

/** What a request's resourceType can be: the fetch destinations, and the initiator types Firefox gives when there is none. */
const RESOURCE_TYPES = ['document', 'script', 'style', 'image', 'font', 'fetch', 'xhr', 'iframe', 'frame', 'audio', 'video', 'track', 'json', 'manifest', 'object', 'embed', 'worker', 'sharedworker', 'serviceworker', 'audioworklet', 'paintworklet', 'report', 'xslt', 'webidentity', 'beacon', 'css', 'img', 'link', 'other'] as const;

function line(request: NetworkRequest): string {
  const status = request.failure ? `failed (${request.failure})` : String(request.status ?? 'pending');
  const time = request.durationMs === null ? '' : `, ${Math.round(request.durationMs)} ms`;
  const size = request.sizes.transferred === null ? '' : `, ${request.sizes.transferred} B`;
  const frame = request.frame === undefined ? '' : ` [in frame ${oneLine(request.frame)}]`;
  return `reqid=${request.id} ${oneLine(request.method)} ${oneLine(status)} ${request.resourceType} ${oneLine(request.url)}${time}${size}${frame}`;
}

export const listNetworkRequests = defineTool({
  name: 'list_network_requests',
  description: 'List the network requests of the selected page since it opened, in the order they started.',
  annotations: { category: 'network', readOnlyHint: true },
  pageScoped: true,
  blockedByDialog: false,
  schema: {
    resourceTypes: z.array(z.enum(RESOURCE_TYPES)).optional().describe('Only these resource types, such as ["document", "fetch", "xhr", "script", "image"]. Default: all.'),
    pageSize,
    pageIdx,
    maxChars,
    offset,
  },
  handler: ({ resourceTypes, pageSize: size, pageIdx: index, maxChars: budget, offset: start }, { page }, response) => {
    const requests = page.getNetworkRequests(resourceTypes ? { resourceType: resourceTypes } : {});
    const listed = paginate(requests, size, index);
    response.budgeted([listed.summary, ...listed.items.map(line)].join('\n'), { offset: start, maxChars: budget });
    // The client hands requests out masked (URLs, header values, credential headers): nothing to hide here.
    response.structured('requests', listed.items);
  },
});

export const getNetworkRequest = defineTool({
  name: 'get_network_request',
  description: 'Show one network request in full (headers, timings, sizes), by its reqid from list_network_requests.',
  annotations: { category: 'network', readOnlyHint: true },
  pageScoped: true,
  blockedByDialog: false,
  schema: { reqid: z.number().int().positive().describe('The reqid from list_network_requests.'), maxChars, offset },
  handler: ({ reqid, maxChars: budget, offset: start }, { page }, response) => {
    const request = page.getNetworkRequest(reqid);
    if (!request) throw new InvalidArgumentError(`No network request has reqid ${reqid} on the selected page; list them with list_network_requests.`);
    const lines = [line(request)];
    for (const [title, headers] of [['Request headers', request.requestHeaders], ['Response headers', request.responseHeaders]] as const) {
      lines.push(`### ${title}`, ...Object.entries(headers).map(([name, value]) => `${oneLine(name)}: ${oneLine(value)}`));
    }
    lines.push(`### Timings\nwaiting ${request.timings.waitingMs ?? '?'} ms, download ${request.timings.downloadMs ?? '?'} ms, total ${request.durationMs ?? '?'} ms`);
    response.budgeted(lines.join('\n'), { offset: start, maxChars: budget });
    response.structured('request', request);
  },
});

export const listDownloads = defineTool({
  name: 'list_downloads',
  description: "List the downloads this session's pages started, oldest first: file name, status, size and where it was saved (the output directory's downloads/).",
  annotations: { category: 'network', readOnlyHint: true },
  pageScoped: false,
  blockedByDialog: false,
  schema: {},
  handler: (_args, { client }, response) => {
    const downloads = client.getDownloads();
    const lines = downloads.map((download) => `${oneLine(download.suggestedFilename || '(no name)')}: ${download.status}${download.bytes === undefined ? '' : `, ${download.bytes} B`}${download.path ? `, saved as ${oneLine(download.path)}` : ''} (from ${oneLine(download.url)})`);
    response.line(lines.length ? lines.join('\n') : 'No downloads.').structured('downloads', downloads);
  },
});

export const networkTools = [listNetworkRequests, getNetworkRequest, listDownloads];
