import { describe, expect, it } from 'vitest';
import { objectPositionOf } from '../../../shared/media.js';
import { centre, focalPointInWords, pointAfterKey, pointFromClick, samePoint } from './focal-point.js';
import { dimensionsInWords, displayName, downloadName, showingText, sizeInWords, typeInWords, usedByInWords } from './format.js';
import { libraryParams, viewFromParams } from './view.js';

describe('the media library in words', () => {
  it('names types, sizes and dimensions as staff read them', () => {
    expect(typeInWords('image/png')).toBe('PNG image');
    expect(typeInWords('image/jpeg')).toBe('JPEG image');
    expect(typeInWords('application/pdf')).toBe('PDF document');
    expect(typeInWords('image/heic')).toBe('HEIC image');
    expect(sizeInWords(1.2 * 1024 * 1024)).toBe('1.2 MB');
    expect(sizeInWords(14 * 1024)).toBe('14 KB');
    expect(dimensionsInWords(1200, 800)).toBe('1,200 × 800 px');
    expect(dimensionsInWords(null, null)).toBe('');
  });

  it('shows the file name, or a stand-in when the upload had none', () => {
    expect(displayName({ name: 'logo.png', id: 'abcdef0123456789', contentType: 'image/png' })).toBe('logo.png');
    expect(displayName({ name: null, id: 'abcdef0123456789', contentType: 'image/png' })).toBe('PNG image abcdef01');
  });

  it('downloads under the name of the file as it is served: an SVG upload is a PNG', () => {
    expect(downloadName({ name: 'logo.svg', id: 'abcdef0123456789', contentType: 'image/png' })).toBe('logo.png');
    expect(downloadName({ name: 'Annual report 2026.pdf', id: 'abcdef0123456789', contentType: 'application/pdf' })).toBe('Annual report 2026.pdf');
    expect(downloadName({ name: 'photo.jpeg', id: 'abcdef0123456789', contentType: 'image/jpeg' })).toBe('photo.jpg');
    expect(downloadName({ name: null, id: 'abcdef0123456789', contentType: 'image/webp' })).toBe('abcdef012345.webp');
  });

  it('says where a file is used and which part of the library is shown', () => {
    expect(usedByInWords([])).toBe('Not used anywhere');
    expect(usedByInWords([{ collection: 'newstory', id: '1', title: 'A' }])).toBe('Used by 1 block');
    expect(usedByInWords([{ collection: 'newstory', id: '1', title: 'A' }, { collection: 'home', id: '2', title: 'B' }, { collection: 'settings', id: 'site', title: 'Site settings' }])).toBe(
      'Used by 2 blocks and the site settings',
    );
    expect(showingText(2, 48, 48, 5000)).toBe('Showing 49–96 of 5,000');
    expect(showingText(1, 48, 0, 0)).toBe('No files on this page of 0');
  });
});

describe('the library view in the address', () => {
  it('reads back what it wrote, leaving defaults out', () => {
    const view = { q: 'logo', kind: 'image' as const, unused: true, sort: 'largest' as const, page: 3 };
    const params = libraryParams(view);
    expect(params.toString()).toBe('q=logo&kind=image&unused=true&sort=largest&page=3');
    expect(viewFromParams(params)).toEqual(view);
    expect(libraryParams(viewFromParams(new URLSearchParams())).toString()).toBe('');
  });

  it('ignores what it cannot read instead of sending it to be refused', () => {
    expect(viewFromParams(new URLSearchParams('kind=video&sort=random&page=-4&unused=yes'))).toEqual({ q: '', kind: '', unused: false, sort: 'newest', page: 1 });
  });
});

describe('the focal point by click and by keyboard', () => {
  it('puts the point where the click is, within the picture', () => {
    const rect = { left: 100, top: 50, width: 200, height: 100 };
    expect(pointFromClick(rect, 160, 90)).toEqual({ x: 0.3, y: 0.4 });
    expect(pointFromClick(rect, 50, 500)).toEqual({ x: 0, y: 1 });
    // Sub-pixel pointer positions round to a whole percent.
    expect(pointFromClick(rect, 159.8, 89.9)).toEqual({ x: 0.3, y: 0.4 });
    expect(pointFromClick({ left: 0, top: 0, width: 0, height: 0 }, 1, 1)).toEqual(centre);
  });

  it('moves 5% per arrow, 1% with Shift, stops at the edges and ignores other keys', () => {
    expect(pointAfterKey({ x: 0.3, y: 0.4 }, 'ArrowRight', false)).toEqual({ x: 0.35, y: 0.4 });
    expect(pointAfterKey({ x: 0.3, y: 0.4 }, 'ArrowUp', true)).toEqual({ x: 0.3, y: 0.39 });
    expect(pointAfterKey({ x: 0.02, y: 0.4 }, 'ArrowLeft', false)).toEqual({ x: 0, y: 0.4 });
    expect(pointAfterKey({ x: 0.5, y: 0.98 }, 'ArrowDown', false)).toEqual({ x: 0.5, y: 1 });
    expect(pointAfterKey({ x: 0.5, y: 0.5 }, 'Home', false)).toEqual({ x: 0, y: 0.5 });
    expect(pointAfterKey({ x: 0.5, y: 0.5 }, 'PageDown', false)).toEqual({ x: 0.5, y: 1 });
    expect(pointAfterKey({ x: 0.5, y: 0.5 }, 'Enter', false)).toBeNull();
    // Ten steps of 1% land exactly, not at 0.6000000001.
    let p = { x: 0.5, y: 0.5 };
    for (let i = 0; i < 10; i += 1) p = pointAfterKey(p, 'ArrowRight', true) ?? p;
    expect(p.x).toBe(0.6);
  });

  it('reads the point out and matches the public site’s object-position', () => {
    expect(focalPointInWords({ x: 0.3, y: 0.4 })).toBe('Focal point 30% from the left, 40% from the top');
    expect(objectPositionOf({ x: 0.35, y: 0.4 })).toBe('35% 40%');
    expect(samePoint(null, centre)).toBe(true);
    expect(samePoint({ x: 0.3, y: 0.4 }, centre)).toBe(false);
  });
});
