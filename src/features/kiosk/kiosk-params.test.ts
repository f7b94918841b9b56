import { describe, expect, it } from 'vitest';
import {
  isKioskViewPath,
  isSameView,
  kioskParamsOnly,
  parseKioskInterval,
  parseKioskViews,
  readKioskParams,
  stripKioskParams,
  type KioskSettings,
} from './kiosk-params';

function settings(search: string): KioskSettings {
  const result = readKioskParams(search);
  if (result.kind !== 'on') throw new Error(`not a kiosk: ${search}`);
  return result.settings;
}

describe('readKioskParams', () => {
  it('is absent without the kiosk parameter and off for kiosk=0', () => {
    expect(readKioskParams('')).toEqual({ kind: 'absent' });
    expect(readKioskParams('?theme=dark&refresh=1m')).toEqual({ kind: 'absent' });
    for (const off of ['0', 'false', 'off', 'no', 'OFF']) {
      expect(readKioskParams(`?kiosk=${off}`)).toEqual({ kind: 'off' });
    }
  });

  it('turns on with ?kiosk, kiosk=1 and kiosk=tv, with the defaults', () => {
    expect(settings('?kiosk')).toEqual({
      mode: 'standard',
      theme: 'dark',
      refreshMs: 30_000,
      rotateMs: null,
      views: [],
      versionCheckMs: 60_000,
    });
    expect(settings('kiosk=1').mode).toBe('standard');
    expect(settings('kiosk=true').mode).toBe('standard');
    expect(settings('?kiosk=tv').mode).toBe('tv');
    expect(settings('?kiosk=TV').mode).toBe('tv');
    // An unreadable value is still a kiosk, the standard one.
    expect(settings('?kiosk=banana').mode).toBe('standard');
  });

  it('reads theme, refresh, rotate and versionCheck, falling back on bad values', () => {
    expect(settings('?kiosk&theme=light').theme).toBe('light');
    expect(settings('?kiosk&theme=auto').theme).toBe('auto');
    expect(settings('?kiosk&theme=system').theme).toBe('auto');
    expect(settings('?kiosk&theme=purple').theme).toBe('dark');
    expect(settings('?kiosk&refresh=1m').refreshMs).toBe(60_000);
    expect(settings('?kiosk&refresh=45').refreshMs).toBe(45_000);
    expect(settings('?kiosk&refresh=1s').refreshMs).toBe(5_000);
    expect(settings('?kiosk&refresh=soon').refreshMs).toBe(30_000);
    expect(settings('?kiosk&refresh=off').refreshMs).toBe(30_000);
    expect(settings('?kiosk&rotate=20s').rotateMs).toBe(20_000);
    expect(settings('?kiosk&rotate=bad').rotateMs).toBeNull();
    expect(settings('?kiosk&versionCheck=off').versionCheckMs).toBeNull();
    expect(settings('?kiosk&versionCheck=5m').versionCheckMs).toBe(300_000);
  });

  it('rotates views every minute unless rotate says otherwise', () => {
    const withViews = settings('?kiosk&views=/health?tabBy=namespace,/health?layout=card');
    expect(withViews.views).toEqual(['/health?tabBy=namespace', '/health?layout=card']);
    expect(withViews.rotateMs).toBe(60_000);
    expect(settings('?kiosk&rotate=30s&views=/health,/topology').rotateMs).toBe(30_000);
    expect(settings('?kiosk&rotate=off&views=/health,/topology').rotateMs).toBeNull();
  });
});

describe('parseKioskInterval', () => {
  it('accepts s, m, h, d, w and bare seconds, never below 5 s', () => {
    expect(parseKioskInterval('30s')).toBe(30_000);
    expect(parseKioskInterval(' 2m ')).toBe(120_000);
    expect(parseKioskInterval('1h')).toBe(3_600_000);
    expect(parseKioskInterval('90')).toBe(90_000);
    expect(parseKioskInterval('2')).toBe(5_000);
    expect(parseKioskInterval('0')).toBeUndefined();
    expect(parseKioskInterval(null)).toBeUndefined();
    expect(parseKioskInterval('-1m')).toBeUndefined();
    expect(parseKioskInterval('off')).toBeUndefined();
    expect(parseKioskInterval('off', { allowOff: true })).toBeNull();
    expect(parseKioskInterval('none', { allowOff: true })).toBeNull();
  });
});

describe('views', () => {
  it('splits on commas before a slash only, so JSON values keep their commas', () => {
    const labels = encodeURIComponent('{"canary:env:prod":1,"canary:tier:web":1}');
    const views = parseKioskViews([
      `/health?labels=${decodeURIComponent(labels)},/health?layout=card`,
    ]);
    expect(views).toEqual([
      '/health?labels=%7B%22canary%3Aenv%3Aprod%22%3A1%2C%22canary%3Atier%3Aweb%22%3A1%7D',
      '/health?layout=card',
    ]);
  });

  it('accepts the parameter repeated and drops anything that is not an in-app path', () => {
    expect(
      parseKioskViews([
        '/health',
        'https://evil.example/x',
        '//evil.example',
        '/topology,javascript:alert(1)',
        '/a\\b',
      ]),
    ).toEqual(['/health', '/topology,javascript:alert(1)']);
    expect(isKioskViewPath('/health?x=1')).toBe(true);
    expect(isKioskViewPath('health')).toBe(false);
    expect(isKioskViewPath('/\u0000')).toBe(false);
  });

  it('removes the kiosk parameters from each view', () => {
    expect(parseKioskViews(['/health?kiosk=tv&layout=card&refresh=1m'])).toEqual([
      '/health?layout=card',
    ]);
  });

  it('keeps at most 20 views', () => {
    const many = Array.from({ length: 30 }, (_, index) => `/health?tab=${index}`).join(',');
    expect(parseKioskViews([many])).toHaveLength(20);
  });

  it('compares a view with the current page, parameters in any order, kiosk ones ignored', () => {
    expect(
      isSameView('/health?layout=card&tabBy=agent_id', '/health', 'tabBy=agent_id&layout=card'),
    ).toBe(true);
    expect(isSameView('/health?layout=card', '/health', 'layout=card&kiosk=tv&refresh=1m')).toBe(
      true,
    );
    expect(isSameView('/health', '/health', '')).toBe(true);
    expect(isSameView('/health', '/health', 'checkId=1')).toBe(false);
    expect(isSameView('/health?layout=card', '/topology', 'layout=card')).toBe(false);
  });
});

describe('kiosk parameters in a query string', () => {
  it('keeps only them, or removes them', () => {
    const search =
      '?tabBy=agent_id&kiosk=tv&theme=light&refresh=1m&rotate=30s&views=/a,/b&versionCheck=off&tab=x';
    expect(kioskParamsOnly(search)).toBe(
      'kiosk=tv&theme=light&refresh=1m&rotate=30s&views=%2Fa%2C%2Fb&versionCheck=off',
    );
    expect(stripKioskParams(search)).toBe('tabBy=agent_id&tab=x');
    expect(readKioskParams(kioskParamsOnly(search))).toEqual(readKioskParams(search));
  });
});
