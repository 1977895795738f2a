import { z } from 'zod';
import { InvalidArgumentError, oneLine, type NetworkRequest } from '../../firefox/index.js';
import { defineTool } from '../tool.js';
import { paginate } from './paging.js';
import { maxChars, offset, pageIdx, pageSize } from './schemas.js';

/** Header values that carry credentials: shown as <redacted>, never printed. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'x-auth-token', 'x-csrf-token']);

function redact(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, SECRET_HEADERS.has(name) ? '<redacted>' : value]));
}

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
  schema: {
    resourceTypes: z.array(z.string()).optional().describe('Only these resource types, such as ["document", "fetch", "xhr", "script", "image"]. Default: all.'),
    pageSize,
    pageIdx,
    maxChars,
    offset,
  },
  handler: ({ resourceTypes, pageSize: size, pageIdx: index, maxChars: budget, offset: start }, { client }, response) => {
    const requests = client.getNetworkRequests(resourceTypes ? { resourceType: resourceTypes } : {});
    const page = paginate(requests, size, index);
    response.budgeted([page.summary, ...page.items.map(line)].join('\n'), { offset: start, maxChars: budget });
    response.structured('requests', page.items.map((request) => ({ ...request, requestHeaders: redact(request.requestHeaders), responseHeaders: redact(request.responseHeaders) })));
  },
});

export const getNetworkRequest = defineTool({
  name: 'get_network_request',
  description: 'Show one network request in full (headers, timings, sizes), by its reqid from list_network_requests.',
  annotations: { category: 'network', readOnlyHint: true },
  schema: { reqid: z.number().int().positive().describe('The reqid from list_network_requests.'), maxChars, offset },
  handler: ({ reqid, maxChars: budget, offset: start }, { client }, response) => {
    const request = client.getNetworkRequest(reqid);
    if (!request) throw new InvalidArgumentError(`No network request has reqid ${reqid} on the selected page; list them with list_network_requests.`);
    const shown = { ...request, requestHeaders: redact(request.requestHeaders), responseHeaders: redact(request.responseHeaders) };
    const lines = [line(request)];
    for (const [title, headers] of [['Request headers', shown.requestHeaders], ['Response headers', shown.responseHeaders]] as const) {
      lines.push(`### ${title}`, ...Object.entries(headers).map(([name, value]) => `${oneLine(name)}: ${oneLine(value)}`));
    }
    lines.push(`### Timings\nwaiting ${request.timings.waitingMs ?? '?'} ms, download ${request.timings.downloadMs ?? '?'} ms, total ${request.durationMs ?? '?'} ms`);
    response.budgeted(lines.join('\n'), { offset: start, maxChars: budget });
    response.structured('request', shown);
  },
});

export const networkTools = [listNetworkRequests, getNetworkRequest];
