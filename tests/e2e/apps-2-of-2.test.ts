/** The real-app corpus, part 2 of 2 (every other app; tests/helpers/apps-suite.ts says what each task is held to). */
import { appsOfPart, appsSuite } from '../helpers/apps-suite.js';

appsSuite(appsOfPart(2, 2));
