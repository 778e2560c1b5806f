import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ownMessages } from '../../contract/errors';
import { failure, ok } from '../../machines/auth/fakeHttpClient';
import { aModel, anUploadJob, aVersion, createRecordingHttp } from '../../machines/model/modelTestKit';
import { aChange } from '../../machines/merge/mergeTestKit';
import { aReviewResponse } from '../../machines/reviews/reviewTestKit';
import { renderApp } from '../app/testApp';

const reviewPath = '/api/models/model-1/reviews/review-1';

/** The server of an ADMIN of model-1 (two versions), ready to take a review upload and apply it. */
function reviewServer() {
  const api = createRecordingHttp({ unansweredRoutes: 'offline' });
  api.answer('GET /api/models/model-1', ok(aModel('ADMIN', { versions: [aVersion(2), aVersion(1)] })));
  // The job answers at once: read, stored, and held for review.
  api.answer(
    'POST /api/v2/uploads',
    ok(anUploadJob({ status: 'done', progress: 100, reviewId: 'review-1', fileName: 'tower-v3.e2k' }), 202),
  );
  api.answer(`GET ${reviewPath}`, ok(aReviewResponse()));
  api.answer(`POST ${reviewPath}/apply`, ok(aVersion(3), 201));
  api.answer(`DELETE ${reviewPath}`, ok({ message: ownMessages.reviewDiscarded }));
  return api;
}

async function openHistory() {
  const api = reviewServer();
  const app = await renderApp({ path: '/model/model-1/history', http: api.http });
  const panel = await screen.findByRole('region', { name: 'Upload new version' });
  return { api, app, panel };
}

describe('reviewing an upload before it becomes a version', () => {
  it('sends the file for review, then applies only the ticked changes', async () => {
    const { api, app, panel } = await openHistory();
    await userEvent.click(within(panel).getByTestId('review-upload-checkbox'));
    await userEvent.upload(
      within(panel).getByLabelText('Model file'),
      new File(['$ STORIES'], 'tower-v3.e2k'),
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Upload' }));

    const link = await within(panel).findByTestId('review-changes-link');
    expect(api.callsTo('POST', '/api/v2/uploads')[0]?.options.searchParams).toEqual({
      modelId: 'model-1',
      review: 'true',
    });
    // No version yet: the history was not told of one.
    expect(within(panel).getByRole('status').textContent).toContain('No version is made');
    await userEvent.click(link);
    await waitFor(() => expect(app.location()).toBe('/model/model-1/review/review-1'));

    const list = await screen.findByRole('region', { name: 'Changes in this upload' });
    expect(within(list).getByText('6 of 6 changes selected')).toBeTruthy();
    expect(within(list).getByText('Profile: W12X26 → W14X30')).toBeTruthy();
    expect(within(list).getByText('Moved 12 mm in Z')).toBeTruthy();
    // Untick the removed column, and every Name change (the level's rename) with its property box.
    const column = screen.getAllByTestId('review-change').find((box) => box.dataset.key === 'elements:C1');
    if (!column) throw new Error('the removed column is not listed');
    await userEvent.click(column);
    await userEvent.click(within(list).getByRole('checkbox', { name: 'Name (1)' }));
    expect(within(list).getByText('4 of 6 changes selected')).toBeTruthy();
    expect((within(list).getByRole('checkbox', { name: 'Removed (1)' }) as HTMLInputElement).checked).toBe(
      false,
    );

    await userEvent.click(screen.getByTestId('apply-review'));
    expect(await screen.findByText('Version 3 is ready.')).toBeTruthy();
    expect(api.callsTo('POST', `${reviewPath}/apply`)[0]?.options.json).toEqual({
      selection: { keys: ['elements:B2', 'elements:B1', 'nodes:N9', 'nodes:N5'] },
    });
    expect(screen.getByRole('link', { name: 'View it in 3D' }).getAttribute('href')).toBe(
      '/model/model-1/visualize/elements?version=version-3',
    );
  });

  it('takes the resize of a moved beam without its move: one box per property, the message left to Gusset', async () => {
    const api = reviewServer();
    const answer = aReviewResponse({ message: 'Tower v3 from the architect' });
    answer.diff.changes.push(
      aChange({
        key: 'elements:B7',
        label: 'B7 at Story 3',
        groups: ['Geometry', 'Profile'],
        details: [
          { group: 'Geometry', path: 'nodeIds', text: 'End j moved 0.1 m in X', deviation: 100 },
          { group: 'Profile', path: 'profileId', text: 'Profile: W18X35 → W21X44', deviation: null },
        ],
      }),
    );
    api.answer(`GET ${reviewPath}`, ok(answer));
    await renderApp({ path: '/model/model-1/review/review-1', http: api.http });
    const list = await screen.findByRole('region', { name: 'Changes in this upload' });
    const message = screen.getByRole('textbox', { name: 'Version message (optional)' }) as HTMLInputElement;
    expect(message.value).toBe('Tower v3 from the architect');

    await userEvent.click(within(list).getByRole('checkbox', { name: 'Geometry (2)' }));
    const parts = within(list).getByRole('list', { name: 'Properties of B7 at Story 3' });
    expect((within(parts).getByRole('checkbox', { name: 'Profile' }) as HTMLInputElement).checked).toBe(true);
    expect((within(parts).getByRole('checkbox', { name: 'Geometry' }) as HTMLInputElement).checked).toBe(
      false,
    );
    const beam = screen.getAllByTestId('review-change').find((box) => box.dataset.key === 'elements:B7');
    expect(beam?.getAttribute('aria-checked')).toBe('mixed');
    expect(within(parts).getByText('Left as it was: Geometry.')).toBeTruthy();
    expect(within(list).getByText('6 of 7 changes selected')).toBeTruthy();
    // The upload's message would now be wrong: the field is empty and says what Gusset will write.
    expect(message.value).toBe('');
    expect(screen.getByText(/Gusset writes one from the changes you take/)).toBeTruthy();

    await userEvent.click(screen.getByTestId('apply-review'));
    expect(await screen.findByText('Version 3 is ready.')).toBeTruthy();
    expect(api.callsTo('POST', `${reviewPath}/apply`)[0]?.options.json).toEqual({
      selection: {
        keys: ['elements:B2', 'elements:C1', 'elements:B1', 'nodes:N9', 'levels:L4'],
        parts: { 'elements:B7': ['Profile'] },
      },
    });
  });

  it('shows the server’s refusal in its words', async () => {
    const api = reviewServer();
    api.answer(`POST ${reviewPath}/apply`, failure(409, ownMessages.reviewOutdated));
    await renderApp({ path: '/model/model-1/review/review-1', http: api.http });
    await userEvent.click(await screen.findByTestId('apply-review'));
    expect((await screen.findByRole('alert')).textContent).toBe(ownMessages.reviewOutdated);
    await userEvent.click(screen.getByRole('button', { name: 'Back to the changes' }));
    expect((screen.getByTestId('apply-review') as HTMLButtonElement).disabled).toBe(false);
  });

  it('discards the upload after asking', async () => {
    const api = reviewServer();
    await renderApp({ path: '/model/model-1/review/review-1', http: api.http });
    await userEvent.click(await screen.findByRole('button', { name: 'Discard upload' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Discard the upload' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText(ownMessages.reviewDiscarded)).toBeTruthy();
    expect(api.callsTo('DELETE', reviewPath)).toHaveLength(1);
  });

  it('does not offer a review for the first version of an empty model', async () => {
    const api = createRecordingHttp({ unansweredRoutes: 'offline' });
    api.answer('GET /api/models/model-1', ok(aModel('ADMIN', { versions: [], versionCount: 0 })));
    await renderApp({ path: '/model/model-1/history', http: api.http });
    const panel = await screen.findByRole('region', { name: 'Upload new version' });
    expect(within(panel).queryByTestId('review-upload-checkbox')).toBeNull();
  });
});
