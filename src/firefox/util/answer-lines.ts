/**
 * Every line form our answers use, in one registry: what the form is, how such a line starts, and
 * one line of it. The rule that keeps page text from posing as the answer's own lines (text.ts,
 * setApartLine) is built from this list alone, so a form listed here is kept from page text at
 * once; tests/e2e/answer-lines.test.ts walks every tool's answers and fails on a line of ours
 * that no form here starts.
 *
 * `start` is matched, case-insensitively, at the start of a line after its indent and after
 * Unicode compatibility folding (NFKC): fullwidth `＃＃ Page snapshot` and `１_４ button` count as
 * `## Page snapshot` and `1_4 button`, and `…` reads as `...`. A start is as short as the form
 * allows without taking in ordinary prose: a line of page text it takes only gains a backslash.
 *
 * Error answers are left out: they come flagged (isError) and page text never stands in one but quoted.
 */
export interface AnswerLineForm {
  readonly form: string;
  /** A regular expression (source) for the line's start, written for folded text. */
  readonly start: string;
  /** A line of this form as an answer shows it. */
  readonly example: string;
}

export const ANSWER_LINE_FORMS: readonly AnswerLineForm[] = [
  // The frame of every answer.
  { form: 'heading', start: String.raw`#{1,6}(?:[ \t]|$)`, example: '# click response' },
  {
    form: 'note',
    start: 'note:',
    example: 'Note: Firefox had closed and was started again; uids from before are gone.',
  },
  {
    form: 'dialog',
    start: String.raw`an? (?:[\w-]+ )?dialog (?:is open|opened)\b`,
    example:
      'A confirm dialog is open: "Transfer?". Answer it with handle_dialog (accept or dismiss) before anything else on this page.',
  },
  {
    form: 'page list entry',
    start: String.raw`\d+: .*\bpageId=`,
    example: '0: Bank (https://bank.example/) pageId=2 [selected]',
  },
  {
    form: 'cut answer',
    start: String.raw`\(the answer was cut\b`,
    example: '(The answer was cut at 48000 characters; ask for less, such as a smaller maxChars.)',
  },
  {
    form: 'continuation',
    start: String.raw`\.\.\. [\d.,]+[kmg]? more characters?\b`,
    example: '… 285 more characters; call again with offset=38',
  },
  // Snapshots.
  {
    form: 'uid line',
    start: String.raw`(?:[+~-]\s*)?\d+(?:_\d+)+(?:[\s:]|$)`,
    example: '1_4 button "Confirm transfer"',
  },
  {
    form: 'snapshot header',
    start: String.raw`snapshot=\d`,
    example: 'snapshot=4 url="https://bank.example/" title="Bank"',
  },
  {
    form: 'snapshot diff',
    start: String.raw`diff since snapshot\b`,
    example: 'diff since snapshot 1 → 8: 1 added, 0 removed, 1 changed',
  },
  {
    form: 'redrawn part',
    start: String.raw`= uid=\d`,
    example:
      '= uid=1_10 (under uid=1_9, with 150 elements inside) was drawn anew as it was: now uid=3_2, and the uids inside are new (take_snapshot root=3_2 lists them)',
  },
  {
    form: 'changes only',
    start: String.raw`\(only what changed\b`,
    example: '(Only what changed; take_snapshot reads the whole page.)',
  },
  {
    form: 'snapshot saved',
    start: String.raw`\S.*: snapshot \d+, \d+ elements\b`,
    example: 'out/page.txt: snapshot 3, 40 elements, 12 uids, ~300 tokens (1200 characters).',
  },
  {
    form: 'find result',
    start: String.raw`(?:\d+ elements? match(?:es)?|no element matches)\b`,
    example: '3 elements match "Walk"',
  },
  { form: 'selector', start: String.raw`selector for uid=`, example: 'Selector for uid=1_9: button#go' },
  // Lists: their count line and their entries.
  {
    form: 'list count',
    start: String.raw`\d+ (?:console messages?|network requests?)\b`,
    example: '3 network requests.',
  },
  {
    form: 'empty list',
    start: String.raw`(?:no (?:console|network|downloads|cookies|extensions|init scripts|request rules|new page|(?:local|session)storage)|none of|there were no)\b`,
    example: 'No console messages.',
  },
  { form: 'console entry', start: String.raw`msgid=\d|level: \w+\. time:`, example: 'msgid=3 [log] hello' },
  {
    form: 'network entry',
    start: String.raw`reqid=\d|waiting [\d.?]+ ms, download\b`,
    example: 'reqid=9 GET 200 fetch https://bank.example/api',
  },
  {
    form: 'source entry',
    start: String.raw`\S[^:]*: .*\(from [^()]*\)$`,
    example: 'report.pdf: complete, 2048 B, saved as /out/report.pdf (from https://bank.example/report)',
  },
  {
    form: 'cookie entry',
    start: String.raw`\S+=.*\(domain \S+, path\b`,
    example: 'session=abc (domain bank.example, path /, sameSite=lax session)',
  },
  { form: 'storage entry', start: String.raw`(?:local|session)storage \S`, example: 'localStorage theme=dark' },
  {
    form: 'request rule',
    start: String.raw`rule \d+:`,
    example: 'rule 1: any method */api/* → mock 200 application/json, 2 B body (0 hits)',
  },
  { form: 'init script list', start: String.raw`init scripts:|[\da-f]{8}-[\da-f]{4}-`, example: 'Init scripts:' },
  {
    form: 'witness report',
    start: String.raw`\S+: \d+ difference\(s\)|(?:missing|role|name|unconfirmed|empty) +\S+ — |not witnessed:`,
    example: 'https://bank.example/: 1 difference(s), 0 deliberate, 18 checked (snapshot 11)',
  },
  // What a tool did.
  {
    form: 'navigation',
    start: String.raw`(?:navigated|reloaded|went (?:back|forward)|going (?:back|forward)|the page|it (?:started|asked|tried))\b`,
    example: 'The page navigated to https://bank.example/done (still loading).',
  },
  {
    form: 'input',
    start: String.raw`(?:clicked|double-clicked|hovered|filled|set|selected|put the caret|dragged|pressed|typed|chose|scrolled|accepted|dismissed)\b`,
    example: 'Clicked uid=1_4 button "Transfer"',
  },
  {
    form: 'list offers',
    start: String.raw`its list (?:is open|shows no option)\b`,
    example:
      'Its list is open and offers "France", "French Guiana"; nothing is chosen until one is clicked (take_snapshot lists their uids).',
  },
  {
    form: 'script',
    start: String.raw`(?:script ran|the script threw)\b`,
    example: 'Script ran on the page and returned:',
  },
  { form: 'wait', start: String.raw`found\b`, example: 'Found "Done" on the page.' },
  { form: "a person's hand", start: String.raw`the person\b`, example: 'The person pressed Done.' },
  {
    form: 'files',
    start: String.raw`(?:took a screenshot|saved|restored|left out|wrote)\b`,
    example: 'Saved the page as PDF (24233 bytes) to /out/page.pdf.',
  },
  {
    form: 'browser state',
    start: String.raw`(?:opened|closed|added|removed|deleted|installed|uninstalled|emulating|the viewport)\b`,
    example: 'Opened page 1: https://bank.example/',
  },
];

/** The start of any form, for a line's folded text after its indent. */
export const ANSWER_LINE_START = new RegExp(`^(?:${ANSWER_LINE_FORMS.map((form) => form.start).join('|')})`, 'i');
