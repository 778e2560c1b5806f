import { describe, expect, it } from 'vitest';
import type { TranslationReportWire } from '../../contract/http/versions';
import { groupReportItems } from './selectors';

type Item = TranslationReportWire['items'][number];

describe('a translation report grouped for people', () => {
  it('groups by concept in engineering words, then by reason, counting each id of an item', () => {
    const beams = Array.from({ length: 240 }, (_, index) => `B${index + 1}@L1`);
    const items: Item[] = [
      {
        severity: 'approximated',
        subject: 'LINEASSIGN',
        concept: 'release',
        ids: beams.slice(0, 200),
        reason: 'partial fixity written as a full release',
      },
      ...beams.slice(200).map((id): Item => ({
        severity: 'approximated',
        subject: 'LINEASSIGN',
        concept: 'release',
        id,
        reason: 'partial fixity written as a full release',
      })),
      {
        severity: 'approximated',
        subject: 'FRAMESECTION',
        concept: 'section',
        id: 'W12X26',
        reason: 'tapered',
      },
      { severity: 'approximated', subject: 'LINEASSIGN', concept: 'release', id: 'C1@L1', reason: 'HINGED' },
      { severity: 'dropped', subject: '$ SECTION CUTS', line: 12, reason: 'not carried' },
      { severity: 'dropped', subject: '$ SECTION CUTS', line: 13, reason: 'not carried' },
      { severity: 'warning', subject: 'Node', concept: 'not-a-concept', id: 'N1', reason: 'odd' },
    ];
    expect(groupReportItems(items)).toEqual({
      approximated: [
        {
          label: 'end releases',
          count: 241,
          reasons: [
            {
              reason: 'partial fixity written as a full release',
              count: 240,
              examples: 'B1@L1, B2@L1, B3@L1, …',
            },
            { reason: 'HINGED', count: 1, examples: 'C1@L1' },
          ],
        },
        { label: 'sections', count: 1, reasons: [{ reason: 'tapered', count: 1, examples: 'W12X26' }] },
      ],
      dropped: [
        {
          label: '$ SECTION CUTS',
          count: 2,
          reasons: [{ reason: 'not carried', count: 2, examples: 'line 12, line 13' }],
        },
      ],
      warning: [{ label: 'Node', count: 1, reasons: [{ reason: 'odd', count: 1, examples: 'N1' }] }],
    });
  });
});
