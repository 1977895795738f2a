/**
 * The corpus: real third-party component libraries and apps installed from npm at pinned versions
 * (devDependencies), served on 127.0.0.1 with nothing loaded from outside. Packages that ship ready
 * browser builds are served straight out of node_modules; those that ship bare-specifier ES modules
 * (Material Web) and our TodoMVC (React) are bundled with esbuild into a temporary folder when the
 * server starts (about a second), never committed.
 *
 * Pages:
 * - /material.html  Material Web (@material/web): tabs, text field, select, checkbox, switch, dialog.
 * - /shoelace.html  Shoelace (@shoelace-style/shoelace, its cdn/ build): tab group, checkbox, switch,
 *                   select, input, modal dialog.
 * - /redoc.html     Redoc (redoc/bundles/redoc.standalone.js) rendering ./redoc/openapi.json.
 * - the apps of ./apps (a date picker, a data grid, rich-text and code editors, a custom select, an
 *   Ionic page, a notes app that saves its DOM, TodoMVC in React (source in ./todomvc/app.jsx), a
 *   checkout form, Swagger UI with its API, polished's long docs page), each with the tasks an agent
 *   is given on it and the backend routes it needs.
 */
import { build } from 'esbuild';
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NOT_FOUND, startTestServer, type Route, type TestServer } from '../helpers/server.js';
import { doc } from './apps/app.js';
import { APPS } from './apps/index.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const ROOT = resolve(HERE, '../..');
const NODE_MODULES = join(ROOT, 'node_modules');

/** The packages whose files the server hands out under /node_modules/ (nothing else there). */
const SERVED_PACKAGES = ['@shoelace-style/shoelace/cdn', 'redoc/bundles', ...APPS.flatMap((app) => app.packages ?? [])];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.mjs': 'text/javascript; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.map': 'application/json',
};

const MATERIAL_ENTRY = `
import '@material/web/tabs/tabs.js';
import '@material/web/tabs/primary-tab.js';
import '@material/web/textfield/outlined-text-field.js';
import '@material/web/select/outlined-select.js';
import '@material/web/select/select-option.js';
import '@material/web/checkbox/checkbox.js';
import '@material/web/switch/switch.js';
import '@material/web/button/filled-button.js';
import '@material/web/button/text-button.js';
import '@material/web/dialog/dialog.js';
`;

const MATERIAL = doc(
  'Account settings — Material Web',
  `<style>body { font-family: sans-serif; margin: 24px; } section:not([hidden]) { display: flex; flex-direction: column; gap: 16px; max-width: 420px; padding-top: 16px; } label { display: flex; align-items: center; gap: 12px; }</style>
   <script type="module" src="/build/material.js"></script>`,
  `<main>
     <h1>Account settings</h1>
     <md-tabs id="tabs" aria-label="Settings sections">
       <md-primary-tab id="tab-profile" aria-controls="panel-profile">Profile</md-primary-tab>
       <md-primary-tab id="tab-notifications" aria-controls="panel-notifications">Notifications</md-primary-tab>
       <md-primary-tab id="tab-privacy" aria-controls="panel-privacy">Privacy</md-primary-tab>
     </md-tabs>
     <section id="panel-profile" role="tabpanel" aria-labelledby="tab-profile">
       <md-outlined-text-field id="full-name" label="Full name"></md-outlined-text-field>
       <md-outlined-select id="country" label="Country">
         <md-select-option aria-label="None" value=""></md-select-option>
         <md-select-option value="ca"><div slot="headline">Canada</div></md-select-option>
         <md-select-option value="fr"><div slot="headline">France</div></md-select-option>
         <md-select-option value="jp"><div slot="headline">Japan</div></md-select-option>
       </md-outlined-select>
       <label><md-checkbox id="updates" touch-target="wrapper"></md-checkbox> Email me product updates</label>
       <label>Dark theme <md-switch id="dark"></md-switch></label>
       <md-filled-button id="delete">Delete draft</md-filled-button>
       <p id="status" role="status"></p>
     </section>
     <section id="panel-notifications" role="tabpanel" aria-labelledby="tab-notifications" hidden>
       <h2>Notifications</h2>
       <p>Choose how we reach you.</p>
     </section>
     <section id="panel-privacy" role="tabpanel" aria-labelledby="tab-privacy" hidden>
       <h2>Privacy</h2>
     </section>
   </main>
   <md-dialog id="confirm">
     <div slot="headline">Delete this draft?</div>
     <form slot="content" id="confirm-form" method="dialog">The draft will be removed for good.</form>
     <div slot="actions">
       <md-text-button form="confirm-form" value="cancel">Cancel</md-text-button>
       <md-text-button form="confirm-form" value="delete">Delete</md-text-button>
     </div>
   </md-dialog>
   <script type="module">
     const tabs = document.getElementById('tabs');
     tabs.addEventListener('change', () => {
       for (const [index, id] of ['panel-profile', 'panel-notifications', 'panel-privacy'].entries()) document.getElementById(id).hidden = index !== tabs.activeTabIndex;
     });
     const dialog = document.getElementById('confirm');
     document.getElementById('delete').addEventListener('click', () => dialog.show());
     dialog.addEventListener('close', () => {
       document.getElementById('status').textContent = dialog.returnValue === 'delete' ? 'Draft deleted' : 'Draft kept';
     });
   </script>`,
);

const SL = '/node_modules/@shoelace-style/shoelace/cdn';
const SHOELACE = doc(
  'Preferences — Shoelace',
  `<link rel="stylesheet" href="${SL}/themes/light.css">
   <style>body { font-family: var(--sl-font-sans); margin: 24px; } sl-tab-panel::part(base) { display: flex; flex-direction: column; gap: 16px; max-width: 420px; }</style>
   <script type="module">
     import { setBasePath } from '${SL}/utilities/base-path.js';
     setBasePath('${SL}');
   </script>
   ${['tab-group', 'tab', 'tab-panel', 'checkbox', 'switch', 'select', 'option', 'input', 'button', 'dialog'].map((name) => `<script type="module" src="${SL}/components/${name}/${name}.js"></script>`).join('\n')}`,
  `<main>
     <h1>Preferences</h1>
     <sl-tab-group id="tabs">
       <sl-tab slot="nav" panel="general">General</sl-tab>
       <sl-tab slot="nav" panel="advanced">Advanced</sl-tab>
       <sl-tab-panel name="general">
         <sl-checkbox id="subscribe">Subscribe to the newsletter</sl-checkbox>
         <sl-switch id="notify">Desktop notifications</sl-switch>
         <sl-select id="region" label="Region" placeholder="Choose a region">
           <sl-option value="us-east">US East</sl-option>
           <sl-option value="eu-west">EU West</sl-option>
           <sl-option value="ap-south">Asia Pacific South</sl-option>
         </sl-select>
         <sl-select id="channels" label="Notify on" multiple clearable value="email">
           <sl-option value="email">Email</sl-option>
           <sl-option value="sms">Text message</sl-option>
           <sl-option value="push">Push</sl-option>
         </sl-select>
         <sl-input id="project" label="Project name" value="Apollo"></sl-input>
         <sl-button id="rename" variant="primary">Rename project</sl-button>
       </sl-tab-panel>
       <sl-tab-panel name="advanced">
         <p>Settings for experts.</p>
         <sl-checkbox id="verbose">Verbose logs</sl-checkbox>
       </sl-tab-panel>
     </sl-tab-group>
     <p id="status" role="status"></p>
     <button id="reset" type="button">Reset preferences</button>
   </main>
   <sl-dialog id="dialog" label="Rename the project">
     <sl-input id="new-name" label="New name"></sl-input>
     <sl-button slot="footer" id="save" variant="primary">Save</sl-button>
   </sl-dialog>
   <script type="module">
     await customElements.whenDefined('sl-dialog');
     const dialog = document.getElementById('dialog');
     const status = document.getElementById('status');
     document.getElementById('rename').addEventListener('click', () => dialog.show());
     document.getElementById('save').addEventListener('click', () => {
       document.getElementById('project').value = document.getElementById('new-name').value;
       status.textContent = 'Renamed to ' + document.getElementById('new-name').value;
       dialog.hide();
     });
     document.getElementById('reset').addEventListener('click', () => { status.textContent = 'Preferences reset'; });
   </script>`,
);

const REDOC = doc(
  'Inventory API — Redoc',
  '<style>body { margin: 0; padding: 0; }</style>',
  `<redoc spec-url="/redoc/openapi.json"></redoc>
   <script src="/node_modules/redoc/bundles/redoc.standalone.js"></script>`,
);

const PAGES: Record<string, string> = {
  '/material.html': MATERIAL,
  '/shoelace.html': SHOELACE,
  '/redoc.html': REDOC,
  ...Object.fromEntries(APPS.map((app) => [app.path, app.html])),
};

/** Bundles the corpus entries that ship bare-specifier modules (or are our own source) into outDir. */
export async function buildCorpus(outDir: string): Promise<void> {
  const common = {
    bundle: true,
    format: 'esm',
    target: 'firefox115',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    absWorkingDir: ROOT,
  } as const;
  await Promise.all([
    build({
      ...common,
      stdin: { contents: MATERIAL_ENTRY, resolveDir: ROOT, loader: 'js' },
      outfile: join(outDir, 'material.js'),
    }),
    build({
      ...common,
      entryPoints: [join(HERE, 'todomvc/app.jsx')],
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      outfile: join(outDir, 'todomvc.js'),
    }),
    ...APPS.flatMap((app) =>
      app.bundle
        ? [
            build({
              ...common,
              stdin: { contents: app.bundle.source, resolveDir: ROOT, loader: 'js' },
              outfile: join(outDir, app.bundle.file),
            }),
          ]
        : [],
    ),
  ]);
}

function inside(base: string, path: string): string | undefined {
  const full = normalize(join(base, path));
  return full.startsWith(base + sep) ? full : undefined;
}

/**
 * Builds the bundles into a temporary folder and serves the corpus pages on 127.0.0.1 (or `host`); `alter` rewrites a
 * page's HTML (an altered or broken copy of an app).
 */
export async function startCorpusServer(
  options: { alter?: (path: string, html: string) => string; host?: string } = {},
): Promise<TestServer> {
  const outDir = mkdtempSync(join(tmpdir(), 'firefox-bidi-mcp-corpus-'));
  await buildCorpus(outDir);
  const files = (path: string): string | undefined => {
    if (path.startsWith('/build/')) return inside(outDir, path.slice('/build/'.length));
    if (path === '/redoc/openapi.json') return join(HERE, 'redoc/openapi.json');
    if (path.startsWith('/node_modules/')) {
      const rest = path.slice('/node_modules/'.length);
      if (!SERVED_PACKAGES.some((pkg) => rest.startsWith(`${pkg}/`))) return undefined;
      return inside(NODE_MODULES, rest);
    }
    return undefined;
  };
  const pages = Object.fromEntries(
    Object.entries(PAGES).map(([path, html]): [string, Route] => {
      const served = options.alter ? options.alter(path, html) : html;
      return [
        path,
        (_request, response) => {
          response.writeHead(200, { 'content-type': TYPES['.html'] });
          response.end(served);
        },
      ];
    }),
  );
  const routes = Object.assign({}, ...APPS.map((app) => app.routes ?? {})) as Record<string, Route>;
  const server = await startTestServer(
    { ...pages, ...routes },
    (request, response) => {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
      const under = Object.keys(routes).find((prefix) => prefix.endsWith('/') && path.startsWith(prefix));
      if (under !== undefined) {
        routes[under]?.(request, response);
        return;
      }
      const file = files(path);
      if (file === undefined || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
        NOT_FOUND(request, response);
        return;
      }
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(response);
    },
    options.host,
  );
  return {
    ...server,
    close: async () => {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** The OpenAPI document Redoc renders, for tests that compare against it. */
export function corpusSpec(): unknown {
  return JSON.parse(readFileSync(join(HERE, 'redoc/openapi.json'), 'utf8'));
}
