import { DEVICE_NAMES, DEVICES, TOUCH_PRELOAD } from './devices.js';
import { InvalidArgumentError, type Send } from '../errors.js';
import { quote } from '../util/text.js';

/** What a page (or a user context) is made to look like; null clears a setting, undefined leaves it. */
export interface Emulation {
  userAgent?: string | null;
  geolocation?: { latitude: number; longitude: number; accuracy?: number } | null;
  /** A BCP 47 language tag, such as de-DE. */
  locale?: string | null;
  /** An IANA time zone, such as Asia/Tokyo. */
  timezone?: string | null;
  /** No network at all. */
  offline?: boolean;
  /** The viewport in CSS pixels and its device pixel ratio (default 1); null gives the window's own back. */
  viewport?: { width: number; height: number; devicePixelRatio?: number } | null;
  /**
   * Whether pages detect a touch screen (navigator.maxTouchPoints, ontouchstart): a preload script, from the next load.
   */
  touch?: boolean;
  /** A device from DEVICES: its viewport, pixel ratio, user agent and touch, each unless given on its own. */
  device?: string;
}

/** What emulation left in force that must be undone by hand: the touch preload script. */
export interface EmulationState {
  touchScript?: string;
}

/** Pages of one browsing context, or every page of user contexts, present and future. */
export type EmulationTarget = { contexts: [string, ...string[]] } | { userContexts: [string, ...string[]] };

/** A viewport size in CSS pixels, or a clear refusal. */
export function checkViewportSize(width: number, height: number): void {
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(value) || value < 1 || value > 10_000)
      throw new InvalidArgumentError(
        `Viewport ${name} must be a whole number of pixels from 1 to 10000, got ${value}.`,
      );
  }
}

/** The settings a device stands for, under those given on their own. */
function withDevice(settings: Emulation): Emulation {
  if (settings.device === undefined) return settings;
  const name = DEVICE_NAMES.find((candidate) => candidate.toLowerCase() === settings.device?.trim().toLowerCase());
  if (name === undefined)
    throw new InvalidArgumentError(
      `There is no device ${quote(settings.device)}; the devices are ${DEVICE_NAMES.join(', ')}. Or give viewport, userAgent and touch yourself.`,
    );
  const device = DEVICES[name] as (typeof DEVICES)[string];
  const { device: _name, ...rest } = settings;
  return { viewport: device.viewport, userAgent: device.userAgent, touch: device.touch, ...rest };
}

/** Checks every setting before any is applied, so bad input changes nothing. */
function check(settings: Emulation): void {
  const where = settings.geolocation;
  if (where) {
    if (!(where.latitude >= -90 && where.latitude <= 90))
      throw new InvalidArgumentError(`latitude must be from -90 to 90, got ${where.latitude}.`);
    if (!(where.longitude >= -180 && where.longitude <= 180))
      throw new InvalidArgumentError(`longitude must be from -180 to 180, got ${where.longitude}.`);
    if (where.accuracy !== undefined && !(where.accuracy >= 0))
      throw new InvalidArgumentError(`accuracy must be 0 or more metres, got ${where.accuracy}.`);
  }
  if (settings.locale) {
    try {
      Intl.getCanonicalLocales(settings.locale);
    } catch {
      throw new InvalidArgumentError(
        `locale ${quote(settings.locale)} is not a language tag; give one such as en-US or de-DE.`,
      );
    }
  }
  if (settings.timezone) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: settings.timezone });
    } catch {
      throw new InvalidArgumentError(
        `timezone ${quote(settings.timezone)} is not a time zone; give an IANA name such as Europe/Paris or Asia/Tokyo.`,
      );
    }
  }
  const view = settings.viewport;
  if (view) {
    checkViewportSize(view.width, view.height);
    if (view.devicePixelRatio !== undefined && !(view.devicePixelRatio >= 0.25 && view.devicePixelRatio <= 10))
      throw new InvalidArgumentError(`devicePixelRatio must be from 0.25 to 10, got ${view.devicePixelRatio}.`);
  }
  if (settings.userAgent === '')
    throw new InvalidArgumentError(
      "userAgent is empty; give a user agent string, or null to restore the browser's own.",
    );
}

/** Refuses settings that do not fit (an unknown device, a bad locale…) before anything is sent or asked of a page. */
export function checkEmulation(given: Emulation): void {
  check(withDevice(given));
}

/** Applies the settings given (BiDi emulation.*), each for `target`; returns what was set, in words. */
export async function emulate(
  send: Send,
  target: EmulationTarget,
  given: Emulation,
  state: EmulationState,
): Promise<string[]> {
  const settings = withDevice(given);
  check(settings);
  const done: string[] = [];
  if (settings.userAgent !== undefined) {
    await send(
      'emulation.setUserAgentOverride',
      { userAgent: settings.userAgent, ...target },
      'Setting the user agent',
    );
    done.push(
      settings.userAgent === null ? "the browser's own user agent" : `user agent ${quote(settings.userAgent, 200)}`,
    );
  }
  if (settings.geolocation !== undefined) {
    await send(
      'emulation.setGeolocationOverride',
      { coordinates: settings.geolocation, ...target },
      'Setting the geolocation',
    );
    done.push(
      settings.geolocation === null
        ? 'no geolocation override'
        : `geolocation ${settings.geolocation.latitude}, ${settings.geolocation.longitude}`,
    );
  }
  if (settings.locale !== undefined) {
    await send('emulation.setLocaleOverride', { locale: settings.locale, ...target }, 'Setting the locale');
    done.push(settings.locale === null ? "the browser's own locale" : `locale ${settings.locale}`);
  }
  if (settings.timezone !== undefined) {
    await send('emulation.setTimezoneOverride', { timezone: settings.timezone, ...target }, 'Setting the time zone');
    done.push(settings.timezone === null ? "the browser's own time zone" : `time zone ${settings.timezone}`);
  }
  if (settings.offline !== undefined) {
    await send(
      'emulation.setNetworkConditions',
      { networkConditions: settings.offline ? { type: 'offline' } : null, ...target },
      'Setting the network conditions',
    );
    done.push(settings.offline ? 'offline' : 'online');
  }
  if (settings.viewport !== undefined) {
    const view = settings.viewport;
    const where = 'contexts' in target ? { context: target.contexts[0] } : target;
    await send(
      'browsingContext.setViewport',
      {
        ...where,
        viewport: view && { width: view.width, height: view.height },
        devicePixelRatio: view ? (view.devicePixelRatio ?? 1) : null,
      },
      'Setting the viewport',
    );
    done.push(
      view === null
        ? "the window's own viewport"
        : `viewport ${view.width}×${view.height} at ${view.devicePixelRatio ?? 1}× pixels`,
    );
  }
  if (settings.touch !== undefined) {
    if (state.touchScript !== undefined) {
      await send('script.removePreloadScript', { script: state.touchScript }, 'Ending touch emulation');
      delete state.touchScript;
    }
    if (settings.touch)
      ({ script: state.touchScript } = await send(
        'script.addPreloadScript',
        { functionDeclaration: TOUCH_PRELOAD, ...target },
        'Emulating touch',
      ));
    done.push(settings.touch ? 'touch screen (as pages detect it)' : 'no touch screen');
  }
  return given.device === undefined ? done : [`device ${given.device} (${done.join('; ')})`];
}

/**
 * Applies the settings to one page (`browsingContext`), as emulate does. A place nobody may read is no use:
 * a geolocation is also granted to the page's origin (`origin` reads it; anything but an origin
 * string grants nothing), which may then read it without a prompt.
 */
export async function emulatePage(
  send: Send,
  page: { browsingContext: string; userContext: string; origin: () => Promise<unknown> },
  settings: Emulation,
  state: EmulationState,
): Promise<string[]> {
  const done = await emulate(send, { contexts: [page.browsingContext] }, settings, state);
  if (!settings.geolocation) return done;
  const origin = await page.origin();
  if (typeof origin === 'string' && origin !== 'null') {
    await send(
      'permissions.setPermission',
      {
        descriptor: { name: 'geolocation' },
        state: 'granted',
        origin,
        ...(page.userContext === 'default' ? {} : { userContext: page.userContext }),
      },
      'Granting geolocation',
    );
    done.push(`geolocation allowed for ${origin}`);
  }
  return done;
}

/** Every setting back to the browser's own. */
export const NO_EMULATION: Required<Omit<Emulation, 'offline' | 'touch' | 'device'>> & {
  offline: false;
  touch: false;
} = { userAgent: null, geolocation: null, locale: null, timezone: null, offline: false, viewport: null, touch: false };
