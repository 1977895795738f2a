import type { ToolDefinition } from '../tool.js';
import { consoleTools } from './console.js';
import { emulationTools } from './emulation.js';
import { extensionTools } from './extensions.js';
import { initScriptTools } from './init-scripts.js';
import { humanTools } from './human.js';
import { inputTools } from './input.js';
import { networkTools } from './network.js';
import { pageTools } from './pages.js';
import { recordingTools } from './recording.js';
import { routeTools } from './routes.js';
import { screenshotTools } from './screenshot.js';
import { scriptTools } from './script.js';
import { snapshotTools } from './snapshot.js';
import { storageTools } from './storage.js';
import { witnessTools } from './witness.js';

const TOOLS = [
  ...pageTools,
  ...humanTools,
  ...snapshotTools,
  ...inputTools,
  ...scriptTools,
  ...consoleTools,
  ...networkTools,
  ...routeTools,
  ...initScriptTools,
  ...storageTools,
  ...emulationTools,
  ...extensionTools,
  ...screenshotTools,
  ...witnessTools,
  ...recordingTools,
];

/** The name of a tool the server offers. */
export type ToolName = (typeof TOOLS)[number]['name'];

/** Every tool the server offers, in the order the README lists them. */
export const ALL_TOOLS: readonly ToolDefinition[] = TOOLS;
