import { describe, expect, it } from 'vitest';
import { FirefoxClientError } from '../../src/index.js';
import { useFirefox, useSite } from '../helpers/fixtures.js';
import { page } from '../helpers/server.js';
import { uidIn } from '../helpers/snapshot-text.js';

/**
 * A board sortable by native HTML5 drag and drop, made the way the most used sortable-list
 * library makes it: a card becomes draggable only as the button goes down on it, the card being
 * dragged is marked, dragover moves it before or after the card under the pointer (or into an
 * empty column), and the board saves its order when the drag ends. Firefox starts such a drag
 * from automation and never drops it (w3c/webdriver-bidi#487): the card would stay marked and
 * the order unsaved.
 */
const BOARD = page(
  'Board',
  `<style>
     .board { display:flex; gap:16px } ul { list-style:none; margin:0; padding:8px; width:200px; min-height:160px; background:#eef }
     li { height:40px; box-sizing:border-box; padding:8px; margin:0 0 8px; background:#fff; border:1px solid #99a }
     li.dragging { opacity:.4 }
   </style>
   <div class="board">
     <section><h2 id="h-todo">To do</h2><ul data-list="todo" aria-labelledby="h-todo"><li>Call the plumber</li><li>Write the report</li><li>Buy milk</li></ul></section>
     <section><h2 id="h-done">Done</h2><ul data-list="done" aria-labelledby="h-done"><li>Book flights</li></ul></section>
   </div>
   <section><h2 id="h-bin">Archive (closed)</h2><ul id="bin" aria-labelledby="h-bin"></ul></section>
   <script>
     const lists = [...document.querySelectorAll('ul[data-list]')];
     const read = () => Object.fromEntries(lists.map((ul) => [ul.dataset.list, [...ul.children].map((li) => li.textContent)]));
     window.saved = read();
     window.drops = 0;
     let dragged = null;
     for (const ul of lists) {
       ul.addEventListener('mousedown', (event) => { const card = event.target.closest('li'); if (card) card.draggable = true; });
       ul.addEventListener('dragstart', (event) => {
         dragged = event.target.closest('li');
         event.dataTransfer.setData('text/plain', dragged.textContent);
         event.dataTransfer.effectAllowed = 'move';
         setTimeout(() => dragged && dragged.classList.add('dragging'));
       });
       ul.addEventListener('dragover', (event) => {
         if (!dragged) return;
         event.preventDefault();
         const card = event.target.closest('li');
         if (card && card !== dragged) {
           const box = card.getBoundingClientRect();
           card.parentNode.insertBefore(dragged, event.clientY < box.top + box.height / 2 ? card : card.nextSibling);
         } else if (!card && event.target === ul && !ul.contains(dragged)) ul.append(dragged);
       });
       ul.addEventListener('drop', (event) => { event.preventDefault(); window.drops++; window.droppedText = event.dataTransfer.getData('text/plain'); });
       ul.addEventListener('dragend', () => {
         dragged.classList.remove('dragging');
         dragged.draggable = false;
         dragged = null;
         window.saved = read();
       });
     }
     // A mouseup after a real drop never comes; one that does comes from a click, which would cancel.
     document.addEventListener('mouseup', () => { window.mouseups = (window.mouseups || 0) + 1; });
   </script>`,
);

const server = useSite({
  '/board.html': BOARD,
  // Two ends more than a screen apart: once the drop target is scrolled into view, the source is out of it.
  '/far.html': page(
    'Far',
    '<p id="from" draggable="true">Card</p><div style="height: 3000px"></div><ul id="to" aria-label="Bin" style="height: 40px; border: 1px solid"><li>Drop here</li></ul>',
  ),
});
const client = useFirefox({ viewport: { width: 1280, height: 720 } });

/** The board's saved order, its drops, and whether a card is still marked as dragged. */
type BoardState = {
  saved: Record<string, string[]>;
  drops: number;
  text: string | null;
  dragging: number;
  mouseups: number;
};
const SAVED = `() => ({ saved: window.saved, drops: window.drops, text: window.droppedText || null, dragging: document.querySelectorAll('.dragging').length, mouseups: window.mouseups || 0 })`;

describe('native HTML5 drag and drop, a card made draggable as the button goes down', () => {
  it('reorders a list: the page sees the drop and the drag end, and saves the order', async () => {
    await client.page.navigate(server.url('/board.html'));
    const text = (await client.page.takeSnapshot()).text;
    const answer = await client.page.dragByUid(uidIn(text, /- Buy milk/), uidIn(text, /- Call the plumber/));
    expect(await client.page.evaluate(SAVED)).toEqual({
      saved: { todo: ['Buy milk', 'Call the plumber', 'Write the report'], done: ['Book flights'] },
      drops: 1,
      text: 'Buy milk',
      dragging: 0,
      mouseups: 0,
    });
    expect(answer.done).toMatchObject({ kind: 'drag', outcome: { html5Drop: 'taken', dragged: 'moved' } });
  });

  it('moves a card to another column', async () => {
    await client.page.navigate(server.url('/board.html'));
    const text = (await client.page.takeSnapshot()).text;
    await client.page.dragByUid(uidIn(text, /- Write the report/), uidIn(text, /list "Done"/));
    const state = await client.page.evaluate<BoardState>(SAVED);
    expect(state.saved).toEqual({ todo: ['Call the plumber', 'Buy milk'], done: ['Book flights', 'Write the report'] });
    expect(state.dragging).toBe(0);
  });

  it('says so when nothing there takes the drop, and the board stays as it was', async () => {
    await client.page.navigate(server.url('/board.html'));
    const text = (await client.page.takeSnapshot()).text;
    const answer = await client.page.dragByUid(
      uidIn(text, /- Book flights/),
      uidIn(text, /heading "Archive \(closed\)"/),
    );
    expect(answer.done).toMatchObject({ kind: 'drag', outcome: { html5Drop: 'refused' } });
    const state = await client.page.evaluate<BoardState>(SAVED);
    expect(state).toMatchObject({
      saved: { todo: ['Call the plumber', 'Write the report', 'Buy milk'], done: ['Book flights'] },
      drops: 0,
      dragging: 0,
    });
  });
});

describe('a drag the driver cannot make', () => {
  it("answers with our error, saying what to do, never the driver's words", async () => {
    await client.page.navigate(server.url('/far.html'));
    const text = (await client.page.takeSnapshot()).text;
    const failure = await client.page
      .dragByUid(uidIn(text, /paragraph:? "?Card/), uidIn(text, /list "Bin"/))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FirefoxClientError);
    expect((failure as Error).message).not.toMatch(/move target out of bounds|Move target \(/);
    expect((failure as Error).message).toMatch(/Scroll|snapshot/);
  });
});
