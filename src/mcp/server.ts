import { createRequire } from 'node:module';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  ListToolsRequestSchema,
  type CallToolResult,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import {
  BrowserClosedError,
  DEFAULT_MAX_CHARS,
  FilePolicy,
  FirefoxClientError,
  rootPaths,
  SecretStore,
  throwIfAborted,
} from '../firefox/index.js';
import { ANSWER_TEXT } from './answer-forms.js';
import { askPerson } from './approval.js';
import { maskAnswer } from './answer-mask.js';
import type { BrowserHolder } from './browser.js';
import { refuseBadCallParams } from './call-params.js';
import type { ServerOptions } from './options.js';
import { ToolResponse } from './response.js';
import { Demonstration } from './recording/demonstration.js';
import { describeTarget } from './recording/export-steps.js';
import { SessionRecorder } from './recording/recorder.js';
import { SessionTimeline, type TimelineEntry } from './timeline/timeline.js';
import { mainFolder, type SessionFolder } from './session-folder.js';
import { inputSchema, type SessionCall, type ToolDefinition } from './tool.js';
import { listedTool } from './tool-list.js';
import { inToolWords } from './tool-words.js';
import { ALL_TOOLS } from './tools/index.js';
import type { WatchedCalls } from './view/live-view.js';

/** The package's version, found from source (src/mcp) and from the build (dist/src/mcp) alike. */
export const VERSION = ((): string => {
  const require = createRequire(import.meta.url);
  for (const path of ['../../package.json', '../../../package.json']) {
    try {
      const pkg = require(path) as { name?: string; version?: string };
      if (pkg.name === 'firefox-bidi-mcp' && pkg.version) return pkg.version;
    } catch {
      // Not at this depth.
    }
  }
  return 'unknown';
})();

/** The longest error text; messages quote a short prefix of bad input, and this holds any that does not. */
const MAX_ERROR_CHARS = 2000;

/** A sentence for the model: what went wrong and what to do next. */
function errorText(error: unknown): string {
  // The client's messages name its methods; the model reads the tools that do them.
  const message = inToolWords(error instanceof Error ? error.message : String(error));
  const text =
    error instanceof BrowserClosedError
      ? `${message} The next tool call starts a new Firefox.`
      : error instanceof FirefoxClientError
        ? message
        : `${message}. If this repeats, take a snapshot to see the page, or restart the server.`;
  if (text.length <= MAX_ERROR_CHARS) return text;
  // Keep the head (what failed) and the tail (what to do next).
  return `${text.slice(0, MAX_ERROR_CHARS / 2)} … (${text.length - MAX_ERROR_CHARS} characters cut) … ${text.slice(-MAX_ERROR_CHARS / 2)}`;
}

/** Runs a tool and masks its answer, error or not, with the secrets of the browser it ran in. */
async function runTool(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  call: Omit<SessionCall, 'userContext' | 'page' | 'extensions'>,
  holder: BrowserHolder,
  secrets: SecretStore,
  recorder: SessionRecorder,
  watched?: WatchedCalls,
): Promise<CallToolResult> {
  const result = await runToolUnmasked(tool, args, call, holder, recorder, watched);
  return maskAnswer(result, holder.current?.browser.secrets ?? secrets);
}

async function runToolUnmasked(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  call: Omit<SessionCall, 'userContext' | 'page' | 'extensions'>,
  holder: BrowserHolder,
  recorder: SessionRecorder,
  watched?: WatchedCalls,
): Promise<CallToolResult> {
  const response = new ToolResponse(
    tool.name,
    typeof args.maxChars === 'number' ? args.maxChars : DEFAULT_MAX_CHARS,
    typeof args.offset === 'number' ? args.offset : 0,
  );
  let restarted: string | undefined;
  try {
    const { client, note } = await holder.client();
    restarted = note;
    const { userContext } = client;
    const notes = [...(note ? [note] : []), ...userContext.takeNotes()];
    // What the kind says: the page a page tool acts on, whether a dialog stops it, whether a snapshot follows.
    const page =
      tool.kind === 'page' || tool.kind === 'action'
        ? typeof args.pageId === 'number'
          ? userContext.pageById(args.pageId)
          : userContext.page
        : undefined;
    if (page && !tool.whileDialog) page.refuseWhileDialogOpen(tool.name);
    if (page && tool.recorded && watched?.heldByPerson(page.id))
      throw new PageHeldError(
        `A person is using this page in the live view, so ${tool.name} was not done; look at the page (take_snapshot) and call again once they give it back.`,
      );
    // Typing that nobody waits for any more stops, rather than going on behind the next call.
    if (page) call.signal.addEventListener('abort', () => page.interruptInput(), { once: true });
    // Code the agent wrote can do what any gated action does: the call as a whole waits for a person.
    if (tool.runsAgentCode && call.options.requireApproval)
      response.line(
        await askPerson(call, (page ?? userContext.page).id, `${tool.name}, which runs what the agent wrote`),
      );
    const step = tool.recorded ? await recorder.start(args, page, tool.kind === 'action') : undefined;
    await tool.run(
      args,
      { ...call, userContext, page, extensions: client.owned ? client.browser.extensions : undefined },
      response,
    );
    if (tool.kind === 'action') response.includeSnapshot(args.includeSnapshot === true);
    // A cancelled call's answer goes nowhere: it must not take the notes the next call is to show.
    throwIfAborted(call.signal, tool.name);
    const result = await response.build(userContext, page, [...notes, ...userContext.takeNotes()]);
    const url = (page && !page.disposed ? page : userContext.page).url;
    record(result, () => {
      if (step) recorder.finish(tool.name, args, step, response.ownLines, url, response.actedOn);
      recorder.observe();
    });
    return result;
  } catch (error) {
    // A restart is news even when the call that met it failed: say it with the error.
    return {
      isError: true,
      content: [{ type: 'text', text: `${restarted ? `Note: ${restarted}\n` : ''}${errorText(error)}` }],
    };
  }
}

/**
 * Keeps what the call adds to the recording; a recording the disk refuses is said in the answer, and the call stands.
 */
function record(result: CallToolResult, keep: () => void): void {
  try {
    keep();
  } catch (error) {
    result.content.push({
      type: 'text',
      text: `Note: the call was made, but the session's recording could not be written: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

/**
 * The SDK's server, but tools/call params it cannot parse are answered -32602 with what to send (see call-params.ts).
 */
class ToolServer extends McpServer {
  override async connect(transport: Transport): Promise<void> {
    await super.connect(transport);
    refuseBadCallParams(transport);
  }
}

/** Where a session's files go, and whether the client's MCP roots widen what it may read. */
export interface SessionFiles {
  folder: SessionFolder;
  /**
   * Over stdio the client is the user's own program; over HTTP any local process may be, so its roots count for
   * nothing.
   */
  clientRoots: boolean;
}

/** MCP progress notifications for a call whose client asked for them (a progressToken); nothing otherwise. */
function progressOf(extra: RequestHandlerExtra<ServerRequest, ServerNotification>): (message: string) => void {
  const token = extra._meta?.progressToken;
  let progress = 0;
  return (message) => {
    if (token === undefined) return;
    progress += 1;
    void extra
      .sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress, message } })
      .catch(() => undefined);
  };
}

/** The agent's action on a page a person is using in the live view. */
class PageHeldError extends FirefoxClientError {}

/**
 * An MCP server with every tool, acting on one session's browser (by default the stdio server's: the output directory,
 * client roots heard); `watched`, a session a person can watch in a live view.
 */
export function createServer(
  options: ServerOptions,
  holder: BrowserHolder,
  session: SessionFiles = { folder: mainFolder(options.outputDir), clientRoots: true },
  watched?: WatchedCalls,
): McpServer {
  const server = new ToolServer(
    { name: 'firefox-bidi-mcp', version: VERSION },
    {
      instructions:
        'Drives a real Firefox. Start with take_snapshot: it lists what is on the page with uids, which click, fill and the other input tools take. Uids stay valid until the page navigates.' +
        (watched
          ? ` A person can watch this session live at ${watched.viewUrl} (a link for this session alone: give it only to the person you work for).`
          : ''),
    },
  );
  // The client's MCP roots widen where files may be read from, when it announces any and may.
  const roots = async (): Promise<string[]> =>
    session.clientRoots && server.server.getClientCapabilities()?.roots
      ? rootPaths((await server.server.listRoots(undefined, { timeout: 5000 })).roots.map((root) => root.uri))
      : [];
  const files = new FilePolicy(session.folder.dir, options.allowedDirs, roots, session.folder.hidden);
  // Before a browser runs there are no remembered values, but the named ones still apply.
  const secrets = new SecretStore(options.secrets);
  const sessionSecrets = (): SecretStore => holder.current?.browser.secrets ?? secrets;
  const recorder = new SessionRecorder(session.folder.dir, sessionSecrets);
  const timeline = new SessionTimeline(session.folder.dir, sessionSecrets, options.timelinePictures);
  // A session that ends right after its last step still records what that step did, and notes it on its timeline.
  holder.beforeClose(async () => {
    timeline.stepping();
    await recorder.look();
  });
  const demonstration = new Demonstration(recorder);
  watched?.attach({
    keep: (act) => {
      const on = act.on && ` on ${describeTarget(act.on.target)}`;
      // What a person types comes a key at a time, each too short to mask as a secret: the recording keeps it whole
      // (secrets by name), the timeline not at all (the next act's picture shows the field).
      if (act.input.type !== 'text')
        void timeline
          .keepWithPicture(timeline.entry('person', `${act.line}${on ?? ''}`), act.page)
          .catch(() => undefined);
      return demonstration.record(act);
    },
    timeline,
  });
  /**
   * Once a call's answer is out (on the next turn, while the agent reads it): a step's effect is read, and the page is
   * pictured for the timeline once the session rests; any other call is only noted there.
   */
  const after = (tool: ToolDefinition, entry: TimelineEntry): void => {
    if (tool.recorded) {
      setImmediate(() => void holder.exclusive(() => recorder.look()).catch(() => undefined));
      timeline.afterStep(
        entry,
        (work) => holder.exclusive(work),
        () => holder.current?.userContext.page,
      );
    } else timeline.keep(entry);
  };
  const gates = options.requireApproval !== undefined;
  const served = ALL_TOOLS.filter((candidate) => options.toolSets.includes(candidate.annotations.category));
  for (const tool of served) {
    const { category: _category, ...annotations } = tool.annotations;
    // A call the client cancels (or leaves, by going away) frees the session's queue at once.
    server.registerTool(
      tool.name,
      { description: tool.description, inputSchema: inputSchema(tool, gates), annotations },
      (args: Record<string, unknown>, extra) => {
        const logged = watched?.log.start(tool.name);
        const at = new Date();
        if (tool.recorded) timeline.stepping();
        const call = {
          options,
          files,
          signal: extra.signal,
          recording: () => recorder.recording,
          timeline,
          intent: typeof args.intent === 'string' ? args.intent : undefined,
          human: watched?.human,
          progress: progressOf(extra),
          pageText: ANSWER_TEXT,
        };
        const answer = holder.exclusive(
          () => runTool(tool, args, call, holder, secrets, recorder, watched),
          extra.signal,
        );
        answer.then(
          (result) => {
            const said = {
              text: result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n'),
              error: result.isError === true,
            };
            logged?.(said);
            after(tool, timeline.entry('agent', tool.name, said, at));
          },
          () => logged?.({ text: 'The call was cancelled.', error: true }),
        );
        return answer;
      },
    );
  }
  // The list a model reads on every request, without the SDK's boilerplate (see tool-list.ts).
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: served.map((tool) => listedTool(tool, gates)),
  }));
  return server;
}
