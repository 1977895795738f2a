/** The real-app corpus: every app the agent tasks run on (tests/e2e/apps.test.ts, bench/apps.bench.ts). */
import type { CorpusApp } from './app.js';
import { choicesApp } from './choices.js';
import { flatpickrApp } from './flatpickr.js';
import { gridApp } from './grid.js';
import { ionicApp } from './ionic.js';
import { jsonEditorApp } from './json-editor.js';
import { notesApp } from './notes.js';
import { quillApp } from './quill.js';
import { tinymceApp } from './tinymce.js';

export type { AppTask, CorpusApp } from './app.js';

export const APPS: readonly CorpusApp[] = [flatpickrApp, gridApp, tinymceApp, quillApp, notesApp, jsonEditorApp, choicesApp, ionicApp];
