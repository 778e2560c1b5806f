import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { FilterScope } from '../../api/filters';
import { messages, ownMessages } from '../../contract/errors';
import { FILTER_ELEMENT_TYPES, FILTER_PROPERTIES, type Filter } from '../../contract/http/filters';
import { createFakeHttpClient, failure, ok } from '../auth/fakeHttpClient';
import { createFiltersImplementations, filtersMachine } from './filtersMachine';
import { selectDraft, selectFilters } from './selectors';

function aFilter(overrides: Partial<Filter> = {}): Filter {
  return {
    _id: 'filter-1',
    organizationId: 'org-1',
    modelId: null,
    from: 'Revit',
    to: 'Etabs',
    elementTypes: ['Beam', 'Column'],
    properties: ['Geometry', 'Profile'],
    nameMappings: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const recommended = {
  from: 'Etabs' as const,
  to: 'Revit' as const,
  elementTypes: ['Beam' as const],
  properties: ['Geometry' as const],
  nameMappings: [],
  reason: 'Analysis loads mean nothing in Revit.',
};

async function startFilters(scope: FilterScope, filters: Filter[] = []) {
  const fake = createFakeHttpClient();
  const toasts: string[] = [];
  const base =
    'organizationId' in scope
      ? `/api/organizations/${scope.organizationId}/filters`
      : `/api/models/${scope.modelId}/filters`;
  fake.answer(`GET ${base}`, ok({ data: filters, recommended: [recommended] }));
  const actor = createActor(
    filtersMachine.provide(
      createFiltersImplementations({ http: fake.http, announceSuccess: (message) => toasts.push(message) }),
    ),
    { input: { scope } },
  ).start();
  await waitFor(actor, (s) => s.hasTag('browsing'));
  fake.requests.length = 0;
  return { fake, actor, toasts, base, settled: () => waitFor(actor, (s) => !s.hasTag('busy')) };
}

describe('filtersMachine', () => {
  it('says ‘From feild is required’ and ‘To feild is required’ before sending anything', async () => {
    const { fake, actor } = await startFilters({ organizationId: 'org-1' });
    actor.send({ type: 'filter.new' });
    actor.send({ type: 'draft.save' });
    expect(actor.getSnapshot().context.problems).toEqual({
      from: 'From feild is required',
      to: 'To feild is required',
      nameMappings: null,
    });
    actor.send({ type: 'draft.platform', side: 'from', value: 'Revit' });
    actor.send({ type: 'draft.save' });
    expect(actor.getSnapshot().context.problems).toMatchObject({ from: null, to: messages.filterToRequired });
    expect(fake.requests).toEqual([]);
  });

  it('creates a filter with the chosen types, properties and mappings, and says it was saved', async () => {
    const { fake, actor, toasts, base, settled } = await startFilters({ organizationId: 'org-1' });
    const saved = aFilter({ _id: 'filter-9' });
    fake.answer(`POST ${base}`, ok(saved, 201));
    actor.send({ type: 'filter.new' });
    actor.send({ type: 'draft.platform', side: 'from', value: 'Revit' });
    actor.send({ type: 'draft.platform', side: 'to', value: 'Etabs' });
    actor.send({ type: 'draft.toggleElementType', elementType: 'Wall' });
    actor.send({ type: 'draft.toggleProperty', property: 'Loads' });
    actor.send({ type: 'mapping.add' });
    actor.send({ type: 'mapping.change', index: 0, field: 'from', value: ' W12x26 ' });
    actor.send({ type: 'mapping.kind', index: 0, kind: 'Profile' });
    actor.send({ type: 'draft.save' });
    expect(actor.getSnapshot().context.problems.nameMappings).toBe(ownMessages.filterNameMappingIncomplete);
    actor.send({ type: 'mapping.change', index: 0, field: 'to', value: 'W310X39' });
    actor.send({ type: 'mapping.add' });
    actor.send({ type: 'draft.save' });
    await settled();

    expect(fake.requests).toEqual([
      {
        method: 'POST',
        path: base,
        json: {
          from: 'Revit',
          to: 'Etabs',
          elementTypes: FILTER_ELEMENT_TYPES.filter((type) => type !== 'Wall'),
          properties: FILTER_PROPERTIES.filter((property) => property !== 'Loads'),
          // The row left blank is not a mapping.
          nameMappings: [{ kind: 'Profile', from: 'W12x26', to: 'W310X39' }],
        },
      },
    ]);
    expect(toasts).toEqual([ownMessages.filterSaved]);
    expect(selectFilters(actor.getSnapshot())).toEqual([saved]);
    expect(selectDraft(actor.getSnapshot())).toBeNull();
  });

  it('starts from a recommendation, which stops being suggested once saved', async () => {
    const { fake, actor, base, settled } = await startFilters({ modelId: 'model-1' });
    fake.answer(`POST ${base}`, ok(aFilter({ from: 'Etabs', to: 'Revit', modelId: 'model-1' }), 201));
    actor.send({ type: 'filter.fromRecommended', index: 0 });
    expect(selectDraft(actor.getSnapshot())).toMatchObject({ filterId: null, from: 'Etabs', to: 'Revit' });
    actor.send({ type: 'draft.save' });
    await settled();
    expect(fake.requests[0]?.path).toBe('/api/models/model-1/filters');
    expect(actor.getSnapshot().context.recommended).toEqual([]);
  });

  it('edits a saved filter in place', async () => {
    const { fake, actor, base, settled } = await startFilters({ organizationId: 'org-1' }, [aFilter()]);
    fake.answer(`PUT ${base}/filter-1`, ok(aFilter({ elementTypes: ['Beam'] })));
    actor.send({ type: 'filter.edit', filterId: 'filter-1' });
    actor.send({ type: 'draft.toggleElementType', elementType: 'Column' });
    actor.send({ type: 'draft.save' });
    await settled();
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `PUT ${base}/filter-1`,
    ]);
    expect(selectFilters(actor.getSnapshot()).map((filter) => filter.elementTypes)).toEqual([['Beam']]);
  });

  it('keeps the draft and shows the server’s refusal', async () => {
    const { fake, actor, base, settled } = await startFilters({ organizationId: 'org-1' });
    fake.answer(`POST ${base}`, failure(409, ownMessages.filterPairExists));
    actor.send({ type: 'filter.fromRecommended', index: 0 });
    actor.send({ type: 'draft.save' });
    await settled();
    expect(actor.getSnapshot().context.error).toBe(ownMessages.filterPairExists);
    expect(selectDraft(actor.getSnapshot())).not.toBeNull();
  });

  it('deletes a filter once the deletion is confirmed', async () => {
    const { fake, actor, base, settled } = await startFilters({ organizationId: 'org-1' }, [aFilter()]);
    actor.send({ type: 'filter.delete', filterId: 'filter-1' });
    actor.send({ type: 'deletion.cancel' });
    expect(fake.requests).toEqual([]);
    fake.answer(`DELETE ${base}/filter-1`, ok(undefined, 204));
    actor.send({ type: 'filter.delete', filterId: 'filter-1' });
    actor.send({ type: 'deletion.confirm' });
    await settled();
    expect(selectFilters(actor.getSnapshot())).toEqual([]);
  });
});
