import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeHttpClient, ok } from '../../machines/auth/fakeHttpClient';
import { COUNTS_UNCHANGED_TEXT } from '../../machines/models/selectors';
import { aModel, anOrganization, aVersion, grace } from '../../machines/organizations/organizationsTestKit';
import { renderApp } from '../app/testApp';

describe('/dashboard', () => {
  it('shows recent models, recent versions with their authors, and what changed', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [anOrganization()] }));
    fake.answer(
      'GET /api/models',
      ok({
        data: [
          aModel({
            _id: 'model-tower',
            name: 'Tower',
            updatedAt: '2025-03-05T00:00:00.000Z',
            versions: [
              aVersion({
                ID: 'v2',
                number: 2,
                Time: '2025-03-05T00:00:00.000Z',
                Author: grace,
                counts: { beams: 22, columns: 1 },
              }),
              aVersion({
                ID: 'v1',
                number: 1,
                Time: '2025-03-01T00:00:00.000Z',
                counts: { beams: 10, columns: 4 },
              }),
            ],
          }),
          aModel({ _id: 'model-annex', name: 'Annex', updatedAt: '2025-01-01T00:00:00.000Z', versions: [] }),
        ],
      }),
    );
    await renderApp({ path: '/dashboard', http: fake.http });

    const recentModels = await screen.findByRole('list', { name: 'Recent models' });
    expect(
      within(recentModels)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Tower', 'Annex']);

    const versions = screen.getByRole('list', { name: 'Recent versions' });
    const rows = within(versions).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Tower, version 2',
      'Tower, version 1',
    ]);
    expect(rows[0]?.textContent).toContain('Grace Hopper');
    expect(rows[0]?.textContent).toContain('03/05/2025');

    const changes = screen.getByRole('list', { name: 'What changed' });
    expect(changes.textContent).toContain('Version 2 against version 1: +12 beams, \u22123 columns');
  });

  it('says what changed in engineering words when the version has a summary, never "no change in counts"', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [anOrganization()] }));
    const counts = { beams: 104, columns: 4 };
    fake.answer(
      'GET /api/models',
      ok({
        data: [
          aModel({
            _id: 'model-selecto',
            name: 'Selecto Tower',
            updatedAt: '2025-03-05T00:00:00.000Z',
            versions: [
              aVersion({
                ID: 'v3',
                number: 3,
                Time: '2025-03-05T00:00:00.000Z',
                counts,
                changeSummary: {
                  phrases: [
                    {
                      kind: 'resized',
                      subject: 'Beam',
                      count: 1,
                      from: 'W18X35',
                      to: 'W21X44',
                      pairCount: 1,
                    },
                    { kind: 'moved', subject: 'Beam', count: 104, maxMove: 100 },
                  ],
                },
              }),
              aVersion({ ID: 'v2', number: 2, Time: '2025-03-01T00:00:00.000Z', counts }),
            ],
          }),
          aModel({
            _id: 'model-annex',
            name: 'Annex',
            updatedAt: '2025-01-01T00:00:00.000Z',
            versions: [
              aVersion({ ID: 'a2', number: 2, Time: '2025-01-01T00:00:00.000Z', counts }),
              aVersion({ ID: 'a1', number: 1, Time: '2024-12-01T00:00:00.000Z', counts }),
            ],
          }),
        ],
      }),
    );
    await renderApp({ path: '/dashboard', http: fake.http });

    const changes = await screen.findByRole('list', { name: 'What changed' });
    const [selecto, annex] = within(changes).getAllByRole('listitem');
    expect(selecto?.textContent).toContain(
      'Version 3 against version 2: 1 beam resized W18X35 → W21X44 and 104 beams moved (max 0.1 m)',
    );
    // Made before summaries were kept, with the same counts: it says so instead of claiming nothing changed.
    expect(annex?.textContent).toContain(`Version 2 against version 1: ${COUNTS_UNCHANGED_TEXT}`);
    expect(changes.textContent).not.toContain('no change in counts');
  });

  it('leads a new user to create an organization first', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [] }));
    fake.answer('GET /api/models', ok({ data: [] }));
    await renderApp({ path: '/dashboard', http: fake.http });

    expect(await screen.findByRole('heading', { name: 'Get started' })).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'New organization' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'New model' })).toBeNull();
  });

  it('offers a new model to a user who has an organization but no model', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [anOrganization()] }));
    fake.answer('GET /api/models', ok({ data: [] }));
    await renderApp({ path: '/dashboard', http: fake.http });
    expect(await screen.findByRole('form', { name: 'New model' })).toBeTruthy();
  });
});
