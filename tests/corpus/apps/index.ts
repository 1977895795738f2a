/**
 * The real-app corpus: every app the agent tasks run on (tests/e2e/apps-*.test.ts, bench/apps.bench.ts,
 * bench/cli.bench.ts).
 */
import type { CorpusApp } from './app.js';
import { aceApp } from './ace.js';
import { checkoutApp } from './checkout.js';
import { cheetahGridApp } from './cheetah-grid.js';
import { choicesApp } from './choices.js';
import { ckeditorApp } from './ckeditor.js';
import { datatablesApp } from './datatables.js';
import { dragulaApp } from './dragula.js';
import { editorjsApp } from './editorjs.js';
import { flatpickrApp } from './flatpickr.js';
import { fluentApp } from './fluent.js';
import { formioApp } from './formio.js';
import { fullcalendarApp } from './fullcalendar.js';
import { html5sortableApp } from './html5sortable.js';
import { gridApp } from './grid.js';
import { handsontableApp } from './handsontable.js';
import { ionicApp } from './ionic.js';
import { jsonEditorApp } from './json-editor.js';
import { litepickerApp } from './litepicker.js';
import { muiApp } from './mui.js';
import { notesApp } from './notes.js';
import { pangeaDndApp } from './pangea-dnd.js';
import { polishedDocsApp } from './polished-docs.js';
import { quasarApp } from './quasar.js';
import { quillApp } from './quill.js';
import { reactWindowApp } from './react-window.js';
import { select2App } from './select2.js';
import { swaggerApp } from './swagger.js';
import { tagifyApp } from './tagify.js';
import { tinymceApp } from './tinymce.js';
import { todomvcApp } from './todomvc.js';
import { uikitApp } from './uikit.js';
import { vueVirtualApp } from './vue-virtual.js';
import { vueVirtualScrollerApp } from './vue-virtual-scroller.js';
import { easymdeApp } from './easymde.js';
import { headlessuiApp } from './headlessui.js';
import { wunderbaumApp } from './wunderbaum.js';

export type { AppTask, CorpusApp } from './app.js';

export const APPS: readonly CorpusApp[] = [
  flatpickrApp,
  gridApp,
  tinymceApp,
  quillApp,
  notesApp,
  jsonEditorApp,
  choicesApp,
  ionicApp,
  todomvcApp,
  checkoutApp,
  swaggerApp,
  polishedDocsApp,
  select2App,
  uikitApp,
  dragulaApp,
  html5sortableApp,
  fullcalendarApp,
  quasarApp,
  muiApp,
  aceApp,
  ckeditorApp,
  datatablesApp,
  editorjsApp,
  formioApp,
  handsontableApp,
  tagifyApp,
  reactWindowApp,
  vueVirtualApp,
  pangeaDndApp,
  litepickerApp,
  fluentApp,
  cheetahGridApp,
  vueVirtualScrollerApp,
  easymdeApp,
  headlessuiApp,
  wunderbaumApp,
];

/**
 * The everyday agent tasks the shell bench (bench/cli.bench.ts) runs: a TodoMVC edit, a form, an API's "try it out", a
 * fact on a long docs page.
 */
export const EVERYDAY_TASKS = ['todomvc/todos', 'checkout/order', 'swagger/try-it-out', 'polished/read-fact'];
