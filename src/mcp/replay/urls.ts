import type { Recording } from '../recording/format.js';

/** The origin the recording's pages came from: that of the first URL a step loaded or reached. */
function recordedOrigin(recording: Recording): string | undefined {
  for (const step of recording.steps) {
    for (const url of [step.args.url, step.effect.url]) {
      if (typeof url !== 'string') continue;
      try {
        const { origin } = new URL(url);
        if (origin !== 'null') return origin;
      } catch {
        // Not a URL (about:blank and the like).
      }
    }
  }
  return undefined;
}

/** What recorded URLs, and text that names them, stand for on this run. */
export interface Rebase {
  url: (url: string) => string;
  /** Text a step's effect recorded (a request URL the page shows): the recorded origin anywhere in it moved. */
  text: (text: string) => string;
}

/**
 * With `baseUrl`, URLs of the recorded origin move to its origin (the same app served elsewhere);
 * others, and every URL without it, stay as they are.
 */
export function urlRebaser(recording: Recording, baseUrl: string | undefined): Rebase {
  const from = recordedOrigin(recording);
  if (baseUrl === undefined || from === undefined) return { url: (url) => url, text: (text) => text };
  const to = new URL(baseUrl).origin;
  return {
    url: (url) => (url === from || url.startsWith(`${from}/`) ? `${to}${url.slice(from.length)}` : url),
    text: (text) => text.replaceAll(from, to),
  };
}
