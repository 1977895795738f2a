/** Helpers nothing owns: text for answers, the text pager, abort handling. */
export { pageOfText, continuationNote, DEFAULT_MAX_CHARS, type TextPage } from './text-page.js';
export { unlessAborted, throwIfAborted } from './abort.js';
export {
  quote,
  shorten,
  oneLine,
  escapeHidden,
  jsonString,
  setApartLine,
  pageTextBlock,
  codeFence,
  posesAsAnswer,
} from './text.js';
export { ANSWER_LINE_FORMS, type AnswerLineForm } from './answer-lines.js';
