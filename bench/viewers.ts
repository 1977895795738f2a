/**
 * People watching every session in the live view, as its page does: one viewer per session, asking for the sessions
 * once a second and for a picture of the session's selected page twice a second, with the ETag it has (a 304 when
 * the picture is the same).
 */

interface ViewState {
  sessions: { id: string; pages: { pageId: number; selected: boolean }[] }[];
}

export interface Viewers {
  /** Stops watching; what the viewers got: new pictures, 304s, and answers that were neither. */
  stop(): Promise<{ pictures: number; unchanged: number; refused: number }>;
}

/** Starts watching every session the operator's link `viewUrl` shows. */
export function watchEverySession(viewUrl: string): Viewers {
  let running = true;
  const counts = { pictures: 0, unchanged: 0, refused: 0 };
  const etags = new Map<string, string>();
  let sessions: ViewState['sessions'] = [];
  const picture = async (session: string, page: number): Promise<void> => {
    const etag = etags.get(session);
    const response = await fetch(`${viewUrl}/picture?session=${encodeURIComponent(session)}&page=${page}`, {
      headers: etag ? { 'if-none-match': etag } : {},
    });
    await response.arrayBuffer();
    if (response.status === 200) {
      counts.pictures++;
      etags.set(session, response.headers.get('etag') ?? '');
    } else if (response.status === 304) counts.unchanged++;
    else counts.refused++;
  };
  const loop = (async () => {
    for (let tick = 0; running; tick++) {
      const started = Date.now();
      if (tick % 2 === 0)
        sessions = ((await (await fetch(`${viewUrl}/state`)).json()) as ViewState).sessions.filter(
          (session) => session.pages.length > 0,
        );
      await Promise.all(
        sessions.map(async (session) => {
          const page = session.pages.find((item) => item.selected) ?? session.pages[0];
          if (page) await picture(session.id, page.pageId).catch(() => counts.refused++);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 500 - (Date.now() - started))));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return counts;
    },
  };
}
