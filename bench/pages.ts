/** Generated pages the benches share: deterministic, so every run serves the same ones. */
import { random, WORDS } from './lib.js';

export function wordsFrom(next: () => number): {
  word: () => string;
  words: (n: number) => string;
  title: (n: number) => string;
} {
  const word = (): string => WORDS[Math.floor(next() * WORDS.length)] ?? 'item';
  const words = (n: number): string => Array.from({ length: n }, word).join(' ');
  const title = (n: number): string => {
    const text = words(n);
    return text.charAt(0).toUpperCase() + text.slice(1);
  };
  return { word, words, title };
}

export function document(title: string, body: string, style = ''): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title>
<style>body { font: 14px/1.4 sans-serif; margin: 8px; } ${style}</style></head>
<body>
${body}
</body>
</html>`;
}

const STATUSES = ['Open', 'Pending', 'Shipped', 'Closed', 'On hold'];

/**
 * A table of orders: id, a linked name, a status and an amount per row; with `controls`, a checkbox to select the row
 * and an Edit button too.
 */
export function tablePage(rows: number, controls = false): string {
  const { title } = wordsFrom(random(2_000));
  const next = random(7);
  const lines = Array.from({ length: rows }, (_, i) => {
    const status = STATUSES[Math.floor(next() * STATUSES.length)] ?? 'Open';
    const select = controls ? `<td><input type="checkbox" aria-label="Select order ${i + 1}"></td>` : '';
    const edit = controls ? `<td><button type="button">Edit</button></td>` : '';
    return `<tr>${select}<td>${i + 1}</td><td><a href="/items/${i + 1}">${title(2)} ${i + 1}</a></td><td>${status}</td><td>${(next() * 10_000).toFixed(2)}</td>${edit}</tr>`;
  });
  return document(
    `Orders (${rows} rows)`,
    `<h1>Orders</h1>
<p>All orders of the quarter, one per row.</p>
<table id="orders"><caption>Orders</caption>
<thead><tr>${controls ? '<th>Select</th>' : ''}<th>ID</th><th>Name</th><th>Status</th><th>Amount</th>${controls ? '<th>Actions</th>' : ''}</tr></thead>
<tbody>
${lines.join('\n')}
</tbody></table>`,
    'table { border-collapse: collapse; } td, th { border: 1px solid #ddd; padding: 1px 4px; }',
  );
}

/**
 * A site index of about `links` links: a letter bar, then per letter a heading and a list of
 * entries, each a link with a short note, as on a wiki's "all pages" or a package index.
 */
export function indexPage(links: number): string {
  const { words, title } = wordsFrom(random(17));
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
  const perLetter = Math.ceil((links - letters.length) / letters.length);
  const sections = letters.map((letter) => {
    const entries = Array.from(
      { length: perLetter },
      (_, i) => `<li><a href="/wiki/${letter}${i}">${letter}${title(2).slice(1)} ${i}</a> (${words(1)})</li>`,
    );
    return `<h2 id="${letter}">${letter}</h2>\n<ul>\n${entries.join('\n')}\n</ul>`;
  });
  return document(
    `All pages (${links} links)`,
    `<h1>All pages</h1>\n<nav aria-label="Letters">${letters.map((letter) => `<a href="#${letter}">${letter}</a>`).join(' ')}</nav>\n${sections.join('\n')}`,
  );
}
