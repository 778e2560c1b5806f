import { describe, expect, it } from 'vitest';
import { displayFileName, uploadExtensionOf } from './fileName';

describe('upload file names', () => {
  it('keeps the last path segment of any path, decoded, without control characters', () => {
    expect(displayFileName('../../etc/passwd.e2k')).toBe('passwd.e2k');
    expect(displayFileName('..%2F..%2Fetc%2Fpasswd.e2k')).toBe('passwd.e2k');
    expect(displayFileName('C:\\models\\tower.$et')).toBe('tower.$et');
    expect(displayFileName(encodeURIComponent('Edificio año 2024.e2k'))).toBe('Edificio año 2024.e2k');
    expect(displayFileName('a%0d%0aX-Evil: 1.e2k')).toBe('aX-Evil: 1.e2k');
    expect(displayFileName('100%.e2k')).toBe('100%.e2k');
  });

  it('has nothing to show for a missing, empty or dots-only name', () => {
    for (const name of [undefined, '', '   ', '.', '..', '../..', 'dir/'])
      expect(displayFileName(name)).toBeUndefined();
  });

  it('shortens a very long name but keeps its extension', () => {
    const name = displayFileName(`${'x'.repeat(400)}.E2K`);
    expect(name).toHaveLength(255);
    expect(uploadExtensionOf(name ?? '')).toBe('.e2k');
  });

  it('recognises the supported extensions in any case, and nothing else', () => {
    expect(uploadExtensionOf('a.S2K')).toBe('.s2k');
    expect(uploadExtensionOf('a.$2k')).toBe('.$2k');
    expect(uploadExtensionOf('a.json')).toBe('.json');
    expect(uploadExtensionOf('a.e2k.txt')).toBeUndefined();
    expect(uploadExtensionOf('a.b2k')).toBeUndefined();
  });
});
