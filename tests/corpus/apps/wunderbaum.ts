/**
 * A document tree in Wunderbaum (its browser build): rows drawn as divs without ARIA roles, titles renamed in place
 * with F2, nodes moved by drag and drop (HTML5).
 *
 * Wunderbaum makes its container div focusable (tabindex=0) and its rows plain divs (clicks delegated
 * to the list) with a draggable span each, no ARIA roles. The reading once gave the container one line
 * named by all of its text and no line for any row; a focusable box that holds draggable parts now
 * lists them, each a thing to click and drag.
 */
import { doc, expectState, type CorpusApp } from './app.js';

const WB = '/node_modules/wunderbaum/dist';

const TREE = [
  {
    title: 'Finance',
    type: 'folder',
    expanded: true,
    children: [
      { title: 'Budget 2026.xlsx' },
      { title: 'Invoices', type: 'folder', children: [{ title: 'INV-0412.pdf' }, { title: 'INV-0413.pdf' }] },
    ],
  },
  {
    title: 'Reports',
    type: 'folder',
    expanded: true,
    children: [{ title: 'Q2 report.docx' }, { title: 'Q3 report.docx' }, { title: 'Payroll March.xlsx' }],
  },
  { title: 'Team photo.jpg' },
];

/** The tree as titles, folders with their children: what the grader holds the app's own model to. */
const OUTLINE = `() => { const walk = (node) => node.children ? { [node.title]: node.children.map(walk) } : node.title; return tree.root.children.map(walk); }`;

export const wunderbaumApp: CorpusApp = {
  library: 'wunderbaum 0.14.1',
  path: '/wunderbaum.html',
  packages: ['wunderbaum/dist'],
  html: doc(
    'Documents — Wunderbaum',
    `<link rel="stylesheet" href="${WB}/wunderbaum.css">
     <style>body { font-family: sans-serif; margin: 24px; } #tree { height: 320px; width: 420px; border: 1px solid #ccc; }</style>`,
    `<main>
       <h1>Documents</h1>
       <div id="tree"></div>
     </main>
     <script src="${WB}/wunderbaum.umd.js"></script>
     <script>
       window.tree = new mar10.Wunderbaum({
         element: document.getElementById('tree'),
         source: ${JSON.stringify(TREE)},
         iconMap: 'bootstrap',
         edit: { trigger: ['F2', 'macEnter', 'clickActive'], apply: () => true },
         dnd: {
           dragStart: () => true,
           dragEnter: (e) => (e.node.type === 'folder' ? 'over' : ['before', 'after']),
           drop: (e) => { e.sourceNode.moveTo(e.node, e.suggestedDropMode); },
         },
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'rename',
      ask: 'Rename "Q3 report.docx" to "Q3 report final.docx".',
      async run(agent) {
        await agent.open('/wunderbaum.html');
        await agent.waitFor('Q3 report.docx');
        // Select the row, then rename it in place (F2, as in a file manager).
        await agent.click({ name: 'Q3 report.docx' });
        await agent.press('F2');
        await agent.fill({ role: 'textbox', name: /^Q3 report/ }, 'Q3 report final.docx');
        await agent.press('Enter');
      },
      async check(agent) {
        const outline = await agent.inspect<unknown[]>(OUTLINE);
        expectState(
          outline[1],
          { Reports: ['Q2 report.docx', 'Q3 report final.docx', 'Payroll March.xlsx'] },
          'the Reports folder',
        );
        expectState(
          await agent.inspect("() => document.querySelector('input.wb-input-edit') === null"),
          true,
          'the title editor closed',
        );
      },
    },
    {
      id: 'move',
      ask: 'Move "Payroll March.xlsx" into the Finance folder.',
      async run(agent) {
        await agent.open('/wunderbaum.html');
        await agent.waitFor('Payroll March.xlsx');
        await agent.drag({ name: 'Payroll March.xlsx' }, { name: 'Finance' });
      },
      async check(agent) {
        const outline = await agent.inspect<{ [folder: string]: unknown[] }[]>(OUTLINE);
        expectState(
          outline[0]?.Finance?.includes('Payroll March.xlsx'),
          true,
          `the Finance folder (${JSON.stringify(outline[0])})`,
        );
        expectState(outline[1], { Reports: ['Q2 report.docx', 'Q3 report.docx'] }, 'the Reports folder');
      },
    },
  ],
};
