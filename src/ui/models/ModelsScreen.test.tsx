import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/errors';
import { createFakeHttpClient, ok } from '../../machines/auth/fakeHttpClient';
import { aModel, anOrganization, grace } from '../../machines/organizations/organizationsTestKit';
import { aRealtimeEvent } from '../../machines/socket/socketTestKit';
import { renderApp } from '../app/testApp';

const tower = aModel({
  _id: 'model-tower',
  name: 'Tower',
  versionCount: 2,
  reportCount: 1,
  updatedBy: grace,
  updatedAt: '2025-03-04T10:00:00.000Z',
});
const annex = aModel({
  _id: 'model-annex',
  name: 'Annex',
  versionCount: 1,
  updatedAt: '2025-01-02T10:00:00.000Z',
});

describe('/models', () => {
  it('lists my models with their counts, who updated them and when, each opening its history', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [anOrganization()] }));
    fake.answer('GET /api/models', ok({ data: [annex, tower] }));
    await renderApp({ path: '/models', http: fake.http });

    const list = await screen.findByRole('list', { name: 'Models' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Tower', 'Annex']);
    expect(within(list).getByRole('link', { name: 'Tower' }).getAttribute('href')).toBe(
      '/model/model-tower/history',
    );
    expect(rows[0]?.textContent).toContain('2 versions');
    expect(rows[0]?.textContent).toContain('1 report');
    expect(rows[0]?.textContent).toContain('Updated by Grace Hopper');
    expect(rows[0]?.textContent).toContain('03/04/2025');

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Name');
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Annex', 'Tower']);
    await userEvent.type(screen.getByLabelText('Search models'), 'tow');
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Tower']);
  });

  it('says a new model needs an organization when the user has none, and offers to create one', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [] }));
    fake.answer('GET /api/models', ok({ data: [] }));
    fake.answer('POST /api/organizations', ok(anOrganization({ _id: 'org-new', name: 'Acme' }), 201));
    await renderApp({ path: '/models', http: fake.http });

    expect(
      await screen.findByText((text) => text.startsWith(messages.organizationDetailsMissing)),
    ).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Organization name'), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Create organization' }));

    // The new organization is the only choice, so it is chosen.
    const form = await screen.findByRole('form', { name: 'New model' });
    expect((within(form).getByLabelText('Organization') as HTMLSelectElement).value).toBe('org-new');
  });

  it('shows the blank-name message under the name field', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [anOrganization()] }));
    fake.answer('GET /api/models', ok({ data: [] }));
    await renderApp({ path: '/models', http: fake.http });

    const form = await screen.findByRole('form', { name: 'New model' });
    await userEvent.type(within(form).getByLabelText('Model name'), '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Create model' }));
    expect(within(form).getByRole('alert').textContent).toBe(messages.modelNameBlank);
    expect(fake.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('opens the new model’s history once it is created', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [anOrganization()] }));
    fake.answer('GET /api/models', ok({ data: [] }));
    fake.answer('POST /api/models/', ok(aModel({ _id: 'model-new', name: 'Bridge' }), 201));
    const app = await renderApp({ path: '/models', http: fake.http });

    const form = await screen.findByRole('form', { name: 'New model' });
    await screen.findByRole('option', { name: 'Acme Structures' });
    await userEvent.type(within(form).getByLabelText('Model name'), 'Bridge');
    await userEvent.click(within(form).getByRole('button', { name: 'Create model' }));
    // The model page loads lazily: the address changes once its chunk has arrived.
    await waitFor(() => expect(app.location()).toBe('/model/model-new/history'));
    expect(fake.requests.find((request) => request.method === 'POST')?.json).toEqual({
      name: 'Bridge',
      organizationId: 'org-1',
    });
  });

  it('shows a new thumbnail as soon as a screenshot changes it, fetching only the images', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [anOrganization()] }));
    fake.answer('GET /api/models', ok({ data: [annex, { ...tower, image: '/api/images/blobs/old' }] }));
    fake.answer(
      'PUT /api/images/getBatchImageUrls',
      ok({ data: [{ modelId: 'model-tower', imageUrl: '/api/images/blobs/new' }] }),
    );
    const app = await renderApp({ path: '/models', http: fake.http });
    const list = await screen.findByRole('list', { name: 'Models' });
    const towerRow = () =>
      within(list)
        .getAllByRole('listitem')
        .find((row) => within(row).queryByRole('link', { name: 'Tower' }));
    expect(towerRow()?.querySelector('img')?.getAttribute('src')).toBe('/api/images/blobs/old');
    // The annex has none yet: its initial on a plain tile.
    expect(within(list).getAllByRole('listitem')[1]?.querySelector('img')).toBeNull();

    act(() =>
      app.realtime.publish({
        type: 'realtime.event',
        event: aRealtimeEvent({
          eventName: 'ModelUpdated',
          data: { modelId: 'model-tower', thumbnail: true },
        }),
      }),
    );
    await waitFor(() =>
      expect(towerRow()?.querySelector('img')?.getAttribute('src')).toBe('/api/images/blobs/new'),
    );
    expect(fake.requests.filter((request) => request.path === '/api/models')).toHaveLength(1);
    expect(fake.requests.find((request) => request.method === 'PUT')?.json).toEqual({
      modelIds: ['model-tower'],
    });
  });
});
