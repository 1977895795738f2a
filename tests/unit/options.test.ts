import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OptionsError, parseOptions } from '../../src/mcp/options.js';
import { isLoopback } from '../../src/mcp/http.js';
import { TOOL_CATEGORIES } from '../../src/mcp/tool.js';

describe('parseOptions', () => {
  it('defaults to a headless local Firefox over stdio on loopback, saving to temp/', () => {
    expect(parseOptions([], {})).toEqual({
      headless: true,
      acceptInsecureCerts: false,
      prefs: {},
      outputDir: 'temp',
      host: '127.0.0.1',
      isolated: false,
      isolatedBrowser: false,
      sessionIdleTimeout: 1_800_000,
      webdriverWait: 60_000,
      browser: 'firefox',
      toolSets: ['pages', 'snapshot', 'input', 'script', 'console', 'network', 'screenshot'],
      compress: false,
      stampUids: true,
      timelinePictures: true,
      layers: {},
      defaultLayers: [],
      secrets: {},
      allowedDirs: [],
      urlPolicy: { allowedSchemes: [], allowedOrigins: [], blockedOrigins: [] },
    });
  });

  it('reads every flag', () => {
    const options = parseOptions(
      [
        '--layer',
        'content=#main, article',
        '--layer',
        'nav=nav',
        '--default-layers',
        'content',
        '--compress',
        '--no-uid-attributes',
        '--no-timeline-pictures',
        '--headed',
        '--firefox-path',
        '/opt/ff',
        '--profile',
        '/p',
        '--viewport',
        '1280x720',
        '--accept-insecure-certs',
        '--pref',
        'a.b=true',
        '--pref',
        'c=3',
        '--pref',
        'd=text',
        '--output-dir',
        'out',
        '--port',
        '8931',
        '--host',
        '0.0.0.0',
        '--token',
        't',
        '--isolated',
        '--isolated-browser',
        '--session-idle-timeout',
        '0.5',
        '--webdriver-wait',
        '2.5',
        '--tools',
        'emulation, pages',
        '--allow-file-urls',
        '--allow-data-urls',
        '--allowed-origins',
        'https://a.test; *.b.test',
        '--blocked-origins',
        'http://c.test:8080',
        '--allowed-dir',
        '/srv/files',
        '--allowed-dir',
        'rel',
      ],
      {},
    );
    expect(options).toEqual({
      headless: false,
      firefoxPath: '/opt/ff',
      profile: '/p',
      viewport: { width: 1280, height: 720 },
      acceptInsecureCerts: true,
      prefs: { 'a.b': true, c: 3, d: 'text' },
      outputDir: 'out',
      port: 8931,
      host: '0.0.0.0',
      isolated: true,
      isolatedBrowser: true,
      sessionIdleTimeout: 30_000,
      webdriverWait: 2500,
      browser: 'firefox',
      toolSets: ['pages', 'emulation'],
      token: 't',
      layers: { content: ['#main', 'article'], nav: ['nav'] },
      defaultLayers: ['content'],
      compress: true,
      stampUids: false,
      timelinePictures: false,
      secrets: {},
      allowedDirs: ['/srv/files', resolve('rel')],
      urlPolicy: {
        allowedSchemes: ['file', 'data'],
        allowedOrigins: ['https://a.test', '*.b.test'],
        blockedOrigins: ['http://c.test:8080'],
      },
    });
  });

  it('takes the environment where flags are silent, flags first', () => {
    expect(
      parseOptions([], {
        FIREFOX_HEADLESS: 'false',
        FIREFOX_WS_ENDPOINT: 'ws://127.0.0.1:9222',
        FIREFOX_MCP_PORT: '0',
        FIREFOX_MCP_ISOLATED: '1',
      }),
    ).toMatchObject({ headless: false, wsEndpoint: 'ws://127.0.0.1:9222', port: 0, isolated: true });
    expect(parseOptions([], { FIREFOX_MCP_ISOLATED: 'no' }).isolated).toBe(false);
    expect(parseOptions(['--headless'], { FIREFOX_HEADLESS: 'false' }).headless).toBe(true);
    expect(parseOptions(['--output-dir', 'a'], { FIREFOX_MCP_OUTPUT_DIR: 'b' }).outputDir).toBe('a');
    expect(parseOptions([], { FIREFOX_MCP_SESSION_IDLE_TIMEOUT: '0' }).sessionIdleTimeout).toBe(0);
    expect(parseOptions([], { WEBDRIVER_WAIT: '5' }).webdriverWait).toBe(5000);
    expect(() => parseOptions(['--webdriver-wait', '0'], {})).toThrow(
      '--webdriver-wait "0" is not a number of seconds above 0 and at most 3600, such as 60.',
    );
  });

  it('refuses bad input with a message that says what to write', () => {
    expect(() => parseOptions(['--viewport', 'big'], {})).toThrow(OptionsError);
    expect(() => parseOptions(['--viewport', 'big'], {})).toThrow('such as 1280x720');
    expect(() => parseOptions(['--pref', 'novalue'], {})).toThrow('is not name=value');
    expect(() => parseOptions(['--port', '70000'], {})).toThrow('not a port number');
    expect(() => parseOptions(['--headed', '--headless'], {})).toThrow('contradict');
    expect(() => parseOptions(['--ws-endpoint', 'ws://x', '--webdriver-url', 'http://y'], {})).toThrow('give one');
    expect(() => parseOptions(['--tools', 'pages,cookies'], {})).toThrow(
      '--tools takes sets from pages, snapshot, input, script, console, network, screenshot, routes, storage, emulation, extensions, witness, recording, or all; not "cookies".',
    );
    expect(() => parseOptions(['--color-scheme', 'blue'], {})).toThrow(
      '--color-scheme "blue" is neither light nor dark.',
    );
    expect(parseOptions(['--tools', 'all'], {}).toolSets).toEqual([...TOOL_CATEGORIES]);
    expect(() => parseOptions(['--bogus'], {})).toThrow('--help');
    expect(() => parseOptions(['--layer', 'content'], {})).toThrow('is not name=selectors');
    expect(() => parseOptions(['--default-layers', 'nope'], {})).toThrow('no --layer defines');
    for (const bad of ['', 'soon', '-1', '1e9'])
      expect(() => parseOptions([`--session-idle-timeout=${bad}`], {}), bad).toThrow('is not a number of minutes');
  });
});

describe('isLoopback', () => {
  it('knows loopback addresses from the rest', () => {
    expect(['127.0.0.1', '127.1.2.3', 'localhost', '::1'].map(isLoopback)).toEqual([true, true, true, true]);
    expect(['0.0.0.0', '192.168.1.2', 'example.com', '::'].map(isLoopback)).toEqual([false, false, false, false]);
  });
});
