import { z } from 'zod';
import { DEVICE_NAMES, InvalidArgumentError, NO_EMULATION, type Emulation } from '../../firefox/index.js';
import { lineWriter } from '../answer-frame.js';
import { userContextTool, KIND_PARAMETERS } from '../tool.js';

const emulatingLine = lineWriter(
  'browser state',
  'Emulating',
  (scope: 'page' | 'session' | undefined, done: string[]) =>
    `, for ${scope === 'session' ? 'every page of this session' : 'this page'}: ${done.join('; ')}. Reload the page (navigate_page type reload) for the page already loaded to see it.`,
  ['page', ['user agent Walker/1.0']],
);

export const emulateTool = userContextTool({
  name: 'emulate',
  description:
    'Make the page look like another device or place: a device preset, viewport with pixel ratio, touch, user agent, geolocation, locale, time zone, offline. Each given setting replaces the last (null restores the browser\'s own; reset restores all). Scope "page" (default) or "session" (every page of this session, new ones too). The page sees them from its next load; navigate_page with type reload applies them now.',
  category: 'emulation',
  readOnly: false,
  lines: [emulatingLine.form],
  schema: {
    // A context tool (scope "session" reaches every page) that takes the page of scope "page" itself.
    pageId: KIND_PARAMETERS.pageId,
    userAgent: z
      .string()
      .min(1)
      .nullable()
      .optional()
      .describe("The user agent string, or null for the browser's own."),
    geolocation: z
      .object({
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
        accuracy: z.number().min(0).optional(),
      })
      .nullable()
      .optional()
      .describe(
        "Where navigator.geolocation says the device is, or null to stop pretending. With scope page, the page's origin may then read it without a prompt.",
      ),
    locale: z.string().min(1).nullable().optional().describe('A language tag such as de-DE, or null.'),
    timezone: z.string().min(1).nullable().optional().describe('An IANA time zone such as Asia/Tokyo, or null.'),
    offline: z.boolean().optional().describe('No network at all (true), or back online (false).'),
    device: z
      .enum(DEVICE_NAMES)
      .optional()
      .describe('A device preset: its viewport, pixel ratio, user agent and touch (settings given alongside win).'),
    viewport: z
      .object({ width: z.number().int(), height: z.number().int(), devicePixelRatio: z.number().optional() })
      .nullable()
      .optional()
      .describe("Viewport in CSS pixels and pixel ratio (default 1), or null for the window's own. Applies at once."),
    touch: z
      .boolean()
      .optional()
      .describe(
        'Whether pages detect a touch screen (navigator.maxTouchPoints, ontouchstart); input stays mouse input.',
      ),
    scope: z
      .enum(['page', 'session'])
      .optional()
      .describe('"page" (default): only this page; "session": every page of this session, present and future.'),
    reset: z.boolean().optional().describe("Restore every setting to the browser's own first."),
  },
  handler: async (
    { pageId, userAgent, geolocation, locale, timezone, offline, device, viewport, touch, scope, reset },
    { userContext },
    response,
  ) => {
    const given: Emulation = {
      ...(userAgent === undefined ? {} : { userAgent }),
      ...(geolocation === undefined
        ? {}
        : {
            geolocation:
              geolocation === null
                ? null
                : {
                    latitude: geolocation.latitude,
                    longitude: geolocation.longitude,
                    ...(geolocation.accuracy === undefined ? {} : { accuracy: geolocation.accuracy }),
                  },
          }),
      ...(locale === undefined ? {} : { locale }),
      ...(timezone === undefined ? {} : { timezone }),
      ...(offline === undefined ? {} : { offline }),
      ...(device === undefined ? {} : { device }),
      ...(viewport === undefined
        ? {}
        : {
            viewport:
              viewport === null
                ? null
                : {
                    width: viewport.width,
                    height: viewport.height,
                    ...(viewport.devicePixelRatio === undefined ? {} : { devicePixelRatio: viewport.devicePixelRatio }),
                  },
          }),
      ...(touch === undefined ? {} : { touch }),
    };
    const settings: Emulation = reset ? { ...NO_EMULATION, ...given } : given;
    if (Object.keys(settings).length === 0)
      throw new InvalidArgumentError(
        'emulate needs at least one setting (device, viewport, touch, userAgent, geolocation, locale, timezone, offline) or reset: true.',
      );
    const done =
      scope === 'session'
        ? await userContext.emulate(settings)
        : await (pageId === undefined ? userContext.page : userContext.pageById(pageId)).emulate(settings);
    response.line(emulatingLine(scope, done));
    response.structured('settings', settings);
  },
});

export const emulationTools = [emulateTool];
