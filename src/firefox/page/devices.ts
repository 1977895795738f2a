/** A device to look like: its screen in CSS pixels, pixel ratio, browser and whether it has touch. */
export interface Device {
  viewport: { width: number; height: number; devicePixelRatio: number };
  /** null: Firefox's own. */
  userAgent: string | null;
  touch: boolean;
}

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_UA = (model: string): string =>
  `Mozilla/5.0 (Linux; Android 14; ${model}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36`;

/** A few common devices (screen sizes as their makers give them in CSS pixels). */
export const DEVICES: Readonly<Record<string, Device>> = {
  'iPhone 15': { viewport: { width: 393, height: 852, devicePixelRatio: 3 }, userAgent: IPHONE_UA, touch: true },
  'iPhone SE': { viewport: { width: 375, height: 667, devicePixelRatio: 2 }, userAgent: IPHONE_UA, touch: true },
  'Pixel 7': {
    viewport: { width: 412, height: 915, devicePixelRatio: 2.625 },
    userAgent: ANDROID_UA('Pixel 7'),
    touch: true,
  },
  'Galaxy S24': {
    viewport: { width: 360, height: 780, devicePixelRatio: 3 },
    userAgent: ANDROID_UA('SM-S921B'),
    touch: true,
  },
  'iPad Mini': {
    viewport: { width: 768, height: 1024, devicePixelRatio: 2 },
    userAgent:
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    touch: true,
  },
  'Laptop HiDPI': { viewport: { width: 1440, height: 900, devicePixelRatio: 2 }, userAgent: null, touch: false },
  'Desktop 1080p': { viewport: { width: 1920, height: 1080, devicePixelRatio: 1 }, userAgent: null, touch: false },
};

export const DEVICE_NAMES = Object.keys(DEVICES) as [string, ...string[]];

/**
 * What pages test to tell a touch device (navigator.maxTouchPoints, `'ontouchstart' in window`),
 * set before their scripts run. Firefox has no BiDi touch override; input stays mouse input.
 */
export const TOUCH_PRELOAD = `() => {
  Object.defineProperty(Navigator.prototype, 'maxTouchPoints', { get: () => 5, configurable: true });
  if (!('ontouchstart' in window)) window.ontouchstart = null;
}`;
