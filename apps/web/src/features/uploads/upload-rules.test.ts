import { describe, expect, it } from 'vitest';
import { checkDrop, isAcceptedFile, splitByType } from './upload-rules';

const file = (name: string, type = '') => ({ name, type });

describe('upload file types', () => {
  it('accepts PDF, JPG, JPEG, PNG and XML by extension, in any case', () => {
    for (const name of ['a.pdf', 'b.JPG', 'c.jpeg', 'd.png', 'e.xml', 'F.PDF']) {
      expect(isAcceptedFile(file(name))).toBe(true);
    }
  });

  it('refuses other extensions even with a plausible media type', () => {
    expect(isAcceptedFile(file('notes.txt', 'text/plain'))).toBe(false);
    expect(isAcceptedFile(file('invoice.pdf.exe', 'application/pdf'))).toBe(false);
    expect(isAcceptedFile(file('photo.heic', 'image/heic'))).toBe(false);
  });

  it('falls back to the media type for a name without an extension', () => {
    expect(isAcceptedFile(file('scan', 'image/png'))).toBe(true);
    expect(isAcceptedFile(file('scan', 'text/plain'))).toBe(false);
  });

  it('splits a drop into accepted and refused files, keeping their order', () => {
    const { accepted, refused } = splitByType([file('a.pdf'), file('b.txt'), file('c.jpg'), file('d.doc')]);
    expect(accepted.map((f) => f.name)).toEqual(['a.pdf', 'c.jpg']);
    expect(refused.map((f) => f.name)).toEqual(['b.txt', 'd.doc']);
  });
});

describe('checking a drop before upload', () => {
  it('uploads the accepted files and names the refused ones', () => {
    const result = checkDrop([file('a.pdf'), file('b.jpg'), file('c.txt')], 3);
    expect(result.upload.map((f) => f.name)).toEqual(['a.pdf', 'b.jpg']);
    expect(result.problems).toEqual([{ kind: 'invalidTypes', files: ['c.txt'] }]);
  });

  it('uploads the files the scans cover and names the ones that wait (issue 36 item 20)', () => {
    const files = [file('a.pdf'), file('b.jpg'), file('c.png'), file('d.pdf'), file('e.pdf')];
    const result = checkDrop(files, 3);
    expect(result.upload.map((f) => f.name)).toEqual(['a.pdf', 'b.jpg', 'c.png']);
    expect(result.problems).toEqual([{ kind: 'creditsShort', limit: 3, waiting: ['d.pdf', 'e.pdf'] }]);
  });

  it('uploads nothing when no scan is available', () => {
    const result = checkDrop([file('a.pdf'), file('b.jpg')], 0);
    expect(result.upload).toEqual([]);
    expect(result.problems).toEqual([{ kind: 'exceededLimit', limit: 0, needed: 2 }]);
  });

  it('allows exactly as many files as scans available; refused files do not count', () => {
    const result = checkDrop([file('a.pdf'), file('b.jpg'), file('x.txt')], 2);
    expect(result.upload).toHaveLength(2);
    expect(result.problems).toEqual([{ kind: 'invalidTypes', files: ['x.txt'] }]);
  });

  it('reports an empty drop', () => {
    expect(checkDrop([], 5)).toEqual({ upload: [], problems: [{ kind: 'noFiles' }] });
  });
});
