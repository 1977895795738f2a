import type { CommandName, CommandParams, CommandResult } from '../bidi/index.js';
import { InvalidArgumentError } from './errors.js';
import { quote } from './text.js';

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
}

/** Pages of one browsing context, or every page of user contexts, present and future. */
export type EmulationTarget = { contexts: [string, ...string[]] } | { userContexts: [string, ...string[]] };

type Send = <M extends CommandName>(method: M, params: CommandParams<M>, what: string) => Promise<CommandResult<M>>;

/** Checks every setting before any is applied, so bad input changes nothing. */
function check(settings: Emulation): void {
  const where = settings.geolocation;
  if (where) {
    if (!(where.latitude >= -90 && where.latitude <= 90)) throw new InvalidArgumentError(`latitude must be from -90 to 90, got ${where.latitude}.`);
    if (!(where.longitude >= -180 && where.longitude <= 180)) throw new InvalidArgumentError(`longitude must be from -180 to 180, got ${where.longitude}.`);
    if (where.accuracy !== undefined && !(where.accuracy >= 0)) throw new InvalidArgumentError(`accuracy must be 0 or more metres, got ${where.accuracy}.`);
  }
  if (settings.locale) {
    try {
      Intl.getCanonicalLocales(settings.locale);
    } catch {
      throw new InvalidArgumentError(`locale ${quote(settings.locale)} is not a language tag; give one such as en-US or de-DE.`);
    }
  }
  if (settings.timezone) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: settings.timezone });
    } catch {
      throw new InvalidArgumentError(`timezone ${quote(settings.timezone)} is not a time zone; give an IANA name such as Europe/Paris or Asia/Tokyo.`);
    }
  }
  if (settings.userAgent === '') throw new InvalidArgumentError('userAgent is empty; give a user agent string, or null to restore the browser\'s own.');
}

/** Applies the settings given (BiDi emulation.*), each for `target`; returns what was set, in words. */
export async function emulate(send: Send, target: EmulationTarget, settings: Emulation): Promise<string[]> {
  check(settings);
  const done: string[] = [];
  if (settings.userAgent !== undefined) {
    await send('emulation.setUserAgentOverride', { userAgent: settings.userAgent, ...target }, 'Setting the user agent');
    done.push(settings.userAgent === null ? "the browser's own user agent" : `user agent ${quote(settings.userAgent, 200)}`);
  }
  if (settings.geolocation !== undefined) {
    await send('emulation.setGeolocationOverride', { coordinates: settings.geolocation, ...target }, 'Setting the geolocation');
    done.push(settings.geolocation === null ? 'no geolocation override' : `geolocation ${settings.geolocation.latitude}, ${settings.geolocation.longitude}`);
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
    await send('emulation.setNetworkConditions', { networkConditions: settings.offline ? { type: 'offline' } : null, ...target }, 'Setting the network conditions');
    done.push(settings.offline ? 'offline' : 'online');
  }
  return done;
}

/** Every setting back to the browser's own. */
export const NO_EMULATION: Required<Omit<Emulation, 'offline'>> & { offline: false } = { userAgent: null, geolocation: null, locale: null, timezone: null, offline: false };
