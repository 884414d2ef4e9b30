import type { Resource } from '@portal/contracts/site/site.contract.ts';
import { describe, expect, it } from 'vitest';
import { absoluteUrl, appLinks, socialLinks } from './resource-links.ts';

const r = (resourceType: Resource['resourceType'], url: string): Resource => ({
  resourceType,
  name: resourceType,
  labelNameEn: resourceType,
  url,
});

const seedLike: Resource[] = [
  r('FACEBOOK', 'https://facebook.com/a'),
  r('YOUTUBE', 'https://youtube.com/a'),
  r('TELEGRAM', 'https://t.me/a'),
  r('KAKAOTALK', 'https://pf.kakao.com/a'),
  r('APP_IOS', '/download?platform=ios'),
  r('APP_ANDROID', '/download?platform=android'),
  r('CUSTOMER_SERVICE', '/helpmc'),
];

describe('social links', () => {
  it('shows a social link only when its resource exists', () => {
    const types = socialLinks(seedLike).map((l) => l.type);
    expect(types).toEqual(['FACEBOOK', 'YOUTUBE', 'TELEGRAM', 'KAKAOTALK']);
    expect(types).not.toContain('TWITTER');
    expect(types).not.toContain('INSTAGRAM');
  });

  it('keeps the order Facebook, Twitter, Instagram, YouTube, Telegram, KakaoTalk', () => {
    const all = [
      r('KAKAOTALK', 'k'),
      r('INSTAGRAM', 'i'),
      r('TWITTER', 't'),
      r('FACEBOOK', 'f'),
      r('TELEGRAM', 'g'),
      r('YOUTUBE', 'y'),
    ];
    expect(socialLinks(all).map((l) => l.type)).toEqual([
      'FACEBOOK',
      'TWITTER',
      'INSTAGRAM',
      'YOUTUBE',
      'TELEGRAM',
      'KAKAOTALK',
    ]);
  });

  it('skips a resource with an empty URL and copes with no resources', () => {
    expect(socialLinks([r('FACEBOOK', '  ')])).toEqual([]);
    expect(socialLinks(undefined)).toEqual([]);
  });
});

describe('app download links', () => {
  it('lists only the apps whose resource exists', () => {
    expect(appLinks(seedLike).map((l) => l.type)).toEqual(['APP_IOS', 'APP_ANDROID']);
  });

  it('makes a site-relative URL absolute for the QR code', () => {
    expect(absoluteUrl('/download?platform=ios', 'https://aurora.example')).toBe(
      'https://aurora.example/download?platform=ios',
    );
    expect(absoluteUrl('https://cdn.example/app.apk', 'https://aurora.example')).toBe('https://cdn.example/app.apk');
  });
});
