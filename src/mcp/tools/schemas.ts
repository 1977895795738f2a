import { z } from 'zod';

/** Parameters several tools share, described once for the model. */
export const uid = z.string().describe('The uid of an element, from the latest take_snapshot (such as 3_14).');
export const includeSnapshot = z.boolean().optional().describe('Also return a snapshot of the page after the action. Default false.');
export const pageSize = z.number().int().positive().max(1000).optional().describe('How many entries per page of results (default 50).');
export const pageIdx = z.number().int().min(0).optional().describe('Which page of results, from 0 (default 0).');
export const maxChars = z.number().int().positive().max(1_000_000).optional().describe('The most characters of text to return (default 40000); the rest comes with offset.');
export const offset = z.number().int().min(0).optional().describe('Where to start in the text, from a previous answer\'s nextOffset (default 0).');
export const pageId = z.number().int().positive().optional().describe('The page to act on, by its pageId from list_pages (default: the selected page). Lets agents work on several pages at once without select_page.');
