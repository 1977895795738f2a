import type { Recording } from '../../firefox/index.js';

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

/**
 * What a recorded URL stands for on this run: with `baseUrl`, URLs of the recorded origin move to
 * its origin (the same app served elsewhere); others, and every URL without it, stay as they are.
 */
export function urlRebaser(recording: Recording, baseUrl: string | undefined): (url: string) => string {
  const from = recordedOrigin(recording);
  if (baseUrl === undefined || from === undefined) return (url) => url;
  const to = new URL(baseUrl).origin;
  return (url) => (url === from || url.startsWith(`${from}/`) ? `${to}${url.slice(from.length)}` : url);
}
