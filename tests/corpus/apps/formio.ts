/**
 * A course feedback form on Form.io (formiojs, its full browser build): text fields, a "survey" matrix (questions ×
 * radio columns) and a submit button.
 */
import type { Agent } from '../agent.js';
import { doc, expectState, type CorpusApp } from './app.js';

const FIO = '/node_modules/formiojs/dist';

const QUESTIONS = [
  ['pace', 'The pace of the course'],
  ['material', 'The course material'],
  ['instructor', 'The instructor'],
];
const VALUES = [
  ['poor', 'Poor'],
  ['fair', 'Fair'],
  ['good', 'Good'],
  ['excellent', 'Excellent'],
];

const FORM = {
  components: [
    { type: 'textfield', key: 'name', label: 'Your name', input: true, validate: { required: true } },
    { type: 'email', key: 'email', label: 'Email', input: true },
    {
      type: 'survey',
      key: 'rating',
      label: 'How would you rate…',
      input: true,
      questions: QUESTIONS.map(([value, label]) => ({ value, label })),
      values: VALUES.map(([value, label]) => ({ value, label })),
    },
    { type: 'textarea', key: 'comments', label: 'Comments', input: true },
    { type: 'button', key: 'submit', label: 'Send feedback', action: 'submit', input: true },
  ],
};

/**
 * Picks a column in a question's row. The matrix's radios have no names (the template labels
 * neither them nor their cells): the first one in the row is clicked, then the arrow keys move
 * the choice along the row's radio group, as a keyboard user does.
 */
async function rate(agent: Agent, question: string, answer: string): Promise<void> {
  const column = VALUES.findIndex(([, label]) => label === answer);
  await agent.click({ role: 'radio', name: /^/, within: { role: 'row', name: new RegExp(question) } });
  for (let step = 0; step < column; step += 1) await agent.press('ArrowRight');
}

export const formioApp: CorpusApp = {
  library: 'formiojs 4.21.7',
  path: '/formio.html',
  packages: ['formiojs/dist'],
  html: doc(
    'Course feedback — Form.io',
    `<link rel="stylesheet" href="${FIO}/formio.full.min.css"><style>body { font-family: sans-serif; margin: 24px; max-width: 760px; } table { border-collapse: collapse; } td, th { padding: 4px 12px; }</style>`,
    `<main>
       <h1>Course feedback</h1>
       <div id="form"></div>
       <p id="status" role="status"></p>
     </main>
     <script src="${FIO}/formio.full.min.js"></script>
     <script>
       Formio.createForm(document.getElementById('form'), ${JSON.stringify(FORM)}, { noAlerts: true }).then((form) => {
         window.form = form;
         // No Form.io backend: the page keeps what was submitted.
         form.on('submit', (submission) => {
           window.submitted = submission.data;
           document.getElementById('status').textContent = 'Thank you for your feedback';
         });
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'feedback',
      ask: 'Fill in the course feedback as Dana Reyes: the pace was good, the material excellent, the instructor fair. Then send it.',
      async run(agent) {
        await agent.open('/formio.html');
        await agent.fill({ role: 'textbox', name: /Your name/ }, 'Dana Reyes');
        await rate(agent, 'The pace of the course', 'Good');
        await rate(agent, 'The course material', 'Excellent');
        await rate(agent, 'The instructor', 'Fair');
        await agent.click({ role: 'button', name: 'Send feedback' });
      },
      async check(agent) {
        const data = await agent.inspect<Record<string, unknown> | null>('() => window.submitted ?? null');
        expectState(
          [data?.name, data?.rating],
          ['Dana Reyes', { pace: 'good', material: 'excellent', instructor: 'fair' }],
          'the feedback submitted',
        );
      },
    },
  ],
};
