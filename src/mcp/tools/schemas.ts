import { z } from 'zod';

/** Parameters several tools share, described once for the model (those every tool of a kind takes are in tool.ts). */
export const uid = z.string().describe('The uid of an element, from the latest take_snapshot (such as 3_14).');
