import { describe, expect, it } from 'vitest';
import { qrSvg, svgDataUrl } from '@/lib/qr';

describe('qrSvg', () => {
  it('draws the text as SVG markup', async () => {
    const svg = await qrSvg('https://push.example/p/abc');
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
    expect(svg).toContain('<path');
  });

  it('draws different codes for different links', async () => {
    expect(await qrSvg('https://push.example/p/a')).not.toBe(await qrSvg('https://push.example/p/b'));
  });
});

describe('svgDataUrl', () => {
  it('encodes the markup into an image URL', () => {
    expect(svgDataUrl('<svg a="#"/>')).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%20a%3D%22%23%22%2F%3E');
  });
});
