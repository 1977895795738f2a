import { z } from 'zod';
import { InvalidArgumentError, MAX_MOCK_BODY, oneLine, readFileWithin, type Route } from '../../firefox/index.js';
import { lineWriter, noneLine } from '../answer-frame.js';
import { userContextTool } from '../tool.js';

/** A rule the forms' examples are written from. */
const SAMPLE_ROUTE: Route = {
  id: 1,
  urlPattern: '*/api/*',
  action: 'mock',
  status: 200,
  headers: { 'content-type': 'application/json' },
  bodyBytes: 2,
  hits: 0,
};

function describeRoute(route: Route): string {
  const what =
    route.action === 'block'
      ? 'block (the request fails)'
      : route.action === 'mock'
        ? `mock ${route.status} ${oneLine(route.headers?.['content-type'] ?? '')}, ${route.bodyBytes} B body`
        : `modify request headers ${Object.entries(route.requestHeaders ?? {})
            .map(([name, value]) => (value === null ? `-${name}` : `${name}: ${oneLine(value)}`))
            .join('; ')}`;
  const limit = route.times === undefined ? '' : `, ${route.times - route.hits} of ${route.times} left`;
  return `rule ${route.id}: ${route.method ?? 'any method'} ${oneLine(route.urlPattern)} → ${what} (${route.hits} hit${route.hits === 1 ? '' : 's'}${limit})`;
}

/** A rule as a list shows it (hand-written: "rule" alone would take in ordinary prose). */
const RULE_FORM = { form: 'request rule', start: String.raw`rule \d+:`, example: describeRoute(SAMPLE_ROUTE) };
const addedLine = lineWriter('browser state', 'Added ', (added: Route) => `${describeRoute(added)}.`, [SAMPLE_ROUTE]);
const noRules = noneLine('request rules');
const removedLine = lineWriter(
  'browser state',
  'Removed ',
  (removed: readonly Route[]) => `${removed.map((rule) => `rule ${rule.id}`).join(', ')}.`,
  [[SAMPLE_ROUTE]],
);
const noneRemovedLine = lineWriter('empty list', 'There were no rules', () => ' to remove.', []);

export const route = userContextTool({
  name: 'route',
  runsAgentCode: true,
  description:
    "Add a request rule for this session's pages: requests whose URL matches are blocked (fail as if offline), mocked (answered with your status, headers and body, never sent), or modified (sent with request headers changed). The first matching rule decides; list_network_requests marks each request it touched.",
  category: 'routes',
  readOnly: false,
  fileArgs: ['bodyFile'],
  lines: [addedLine.form],
  schema: {
    urlPattern: z
      .string()
      .min(1)
      .describe('The whole URL, * matching any characters: "*/api/users*", "https://cdn.example.com/*.png".'),
    action: z
      .enum(['block', 'mock', 'modify'])
      .describe('block: fail the request; mock: answer it; modify: change its request headers.'),
    method: z.string().optional().describe('Only requests of this method, such as POST. Default: any.'),
    status: z.number().int().optional().describe('mock: HTTP status. Default 200.'),
    body: z.string().optional().describe('mock: response body text.'),
    bodyFile: z
      .string()
      .optional()
      .describe('mock: a file whose bytes are the body (instead of body); relative: in the output directory.'),
    contentType: z
      .string()
      .optional()
      .describe('mock: Content-Type. Default: application/json for JSON bodies, else text/plain.'),
    headers: z.record(z.string(), z.string()).optional().describe('mock: response headers.'),
    requestHeaders: z
      .record(z.string(), z.string().nullable())
      .optional()
      .describe('modify: headers to set (<secret>NAME</secret> allowed); null removes one.'),
    times: z.number().int().positive().optional().describe('End the rule after this many requests. Default: never.'),
  },
  handler: async ({ bodyFile, ...options }, { userContext, files }, response) => {
    if (bodyFile !== undefined && options.body !== undefined)
      throw new InvalidArgumentError('Give body or bodyFile, not both.');
    let body: string | Uint8Array | undefined = options.body;
    if (bodyFile !== undefined) {
      body = readFileWithin(await files.readable(bodyFile), MAX_MOCK_BODY, 'a mocked body', bodyFile);
    }
    const added = await userContext.route({ ...options, ...(body === undefined ? {} : { body }) });
    response.line(addedLine(added)).structured('route', added);
  },
});

export const listRoutes = userContextTool({
  name: 'list_routes',
  description:
    "List this session's request rules (from route), in the order they decide, with how many requests each matched.",
  category: 'routes',
  readOnly: true,
  lines: [RULE_FORM, noRules.form],
  schema: {},
  handler: (_args, { userContext }, response) => {
    const routes = userContext.routes();
    response.line(routes.length ? routes.map(describeRoute).join('\n') : noRules()).structured('routes', routes);
  },
});

export const unroute = userContextTool({
  name: 'unroute',
  description: 'Remove a request rule by its id from route or list_routes, or every rule when id is left out.',
  category: 'routes',
  readOnly: false,
  lines: [removedLine.form, noneRemovedLine.form],
  schema: { id: z.number().int().positive().optional().describe('The rule id. Leave it out to remove all rules.') },
  handler: async ({ id }, { userContext }, response) => {
    const removed = await userContext.unroute(id);
    response.line(removed.length ? removedLine(removed) : noneRemovedLine()).structured('removed', removed);
  },
});

export const routeTools = [route, listRoutes, unroute];
