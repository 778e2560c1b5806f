import { describe, expect, it } from 'vitest';
import { MAIL_SUBJECT_MAX, capLength, escapeHtml, inertText, subjectLine } from './plainText';

/** What common autolinkers match: a scheme, www., or a dotted host ending in letters, or an IPv4 address. */
const linkable = /[a-z][a-z0-9+.-]*:\/\/|www\.|[\p{L}\p{N}-]\.[\p{L}]{2,}|\d+\.\d+\.\d+\.\d+/iu;

describe('user text in mail', () => {
  it('leaves nothing a mail client would link', () => {
    for (const hostile of [
      'http://evil.example',
      'HTTPS://evil.example/path?x=1',
      'www.evil.example',
      'evil.example',
      'claim at refund.evil.co.uk today',
      'ftp://10.0.0.1/file',
      'visit 192.168.1.20',
      'evil\u200B.example', // a zero-width space must not hide the dot
      'evil\u3002example', // an ideographic full stop is a dot to IDNA
      'evil\uFF0Eexample',
      'user@evil.example',
    ]) {
      const inert = inertText(hostile);
      expect(inert, hostile).not.toMatch(linkable);
      expect(inert).not.toMatch(/\p{Cf}/u);
    }
    expect(inertText('http://evil.example/claim')).toBe('http[:]//evil[.]example/claim');
  });

  it('keeps ordinary names and numbers as they are', () => {
    for (const name of [
      'Acme Structures',
      'Smith & Jones Ltd.',
      'Phase 2.1 tower',
      'Müller Tragwerk GmbH',
      'R. Li',
    ]) {
      expect(inertText(name)).toBe(name);
    }
  });

  it('makes one line of a name and caps a subject with an ellipsis', () => {
    expect(inertText('a\r\nb\tc')).toBe('a  b c');
    const subject = subjectLine(`Someone invited you to ${'x'.repeat(200)}`);
    expect(Array.from(subject)).toHaveLength(MAIL_SUBJECT_MAX);
    expect(subject.endsWith('…')).toBe(true);
    expect(capLength('😀😀😀', 2)).toBe('😀…');
    expect(escapeHtml('<a href="x">&\'')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;');
  });
});
