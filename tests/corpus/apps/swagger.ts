/**
 * Swagger UI (swagger-ui-dist) on the corpus's OpenAPI document, its server pointed at a small local
 * API: the "try it out" an agent does on API docs. The API keeps the requests it got, so the check
 * reads the backend as well as what Swagger UI shows.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { doc, expectState, type CorpusApp } from './app.js';

const SPEC = JSON.parse(
  readFileSync(fileURLToPath(new URL('../redoc/openapi.json', import.meta.url)), 'utf8'),
) as Record<string, unknown>;
const SW = '/node_modules/swagger-ui-dist';
/** The stock requests the API answered, newest last. */
const stockRequests: string[] = [];

export const swaggerApp: CorpusApp = {
  library: 'swagger-ui-dist 5.35.0',
  path: '/swagger.html',
  packages: ['swagger-ui-dist'],
  html: doc(
    'Inventory API — Swagger UI',
    `<link rel="stylesheet" href="${SW}/swagger-ui.css">`,
    `<div id="swagger-ui"></div>
     <script src="${SW}/swagger-ui-bundle.js"></script>
     <script>window.ui = SwaggerUIBundle({ url: '/swagger/openapi.json', dom_id: '#swagger-ui' });</script>`,
  ),
  routes: {
    '/swagger/openapi.json': (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ...SPEC, servers: [{ url: '/api/v1', description: 'Local' }] }));
    },
    '/api/v1/stock/': (request, response) => {
      const sku = decodeURIComponent((request.url ?? '').split('/').pop() ?? '');
      stockRequests.push(`${request.method ?? ''} ${sku}`);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ sku, units: 42 }));
    },
  },
  tasks: [
    {
      id: 'try-it-out',
      ask: 'In the API docs, try out counting the stock of SKU ABC-123 and tell me how many units there are.',
      async run(agent) {
        stockRequests.length = 0;
        await agent.open('/swagger.html');
        await agent.click({ role: 'button', name: /stock\/\{sku\}/ });
        await agent.click({ role: 'button', name: 'Try it out' });
        await agent.fill({ role: 'textbox', name: /^sku/ }, 'ABC-123');
        await agent.click({ role: 'button', name: 'Execute' });
        await agent.waitFor('Server response');
        await agent.find('units');
      },
      async check(agent) {
        expectState(stockRequests, ['GET ABC-123'], 'the requests the API got');
        const shown = await agent.inspect<string>(
          "() => document.querySelector('.live-responses-table')?.textContent ?? ''",
        );
        if (!/"units":\s*42/.test(shown)) throw new Error(`Swagger UI shows no response with the units: ${shown}`);
        if (!/units\W+42/.test(agent.lastAnswer))
          throw new Error(`The agent did not read the units:\n${agent.lastAnswer}`);
      },
    },
  ],
};
