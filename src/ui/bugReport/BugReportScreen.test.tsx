import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../contract/errors';
import { createFakeHttpClient, ok } from '../../machines/auth/fakeHttpClient';
import { renderApp } from '../app/testApp';

// jsdom's Blob has no arrayBuffer() (every browser Gusset supports has); read it with jsdom's FileReader.
if (typeof Blob.prototype.arrayBuffer !== 'function') {
  Blob.prototype.arrayBuffer = function readWithFileReader(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
      reader.readAsArrayBuffer(this);
    });
  };
}

describe('/bugReport', () => {
  it('sends a bug report with a screenshot and thanks the user', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [] }));
    fake.answer('POST /api/v2/requests', ok({ _id: 'request-1' }, 201));
    await renderApp({ path: '/bugReport', http: fake.http });

    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe(messages.fillOutForm);

    await userEvent.type(screen.getByLabelText('Subject'), 'Export fails');
    await userEvent.type(screen.getByLabelText('What happened?'), 'The s2k export stops at 90%.');
    const screenshot = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'export.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Screenshot (optional)'), screenshot);
    expect(await screen.findByText(/Attached: export\.jpg/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(ownMessages.supportRequestSent)).toBeTruthy();
    expect(fake.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/api/v2/requests',
      json: {
        kind: 'bug',
        subject: 'Export fails',
        message: 'The s2k export stops at 90%.',
        screenshot: 'data:image/jpeg;base64,/9j/',
      },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Send another' }));
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('');
  });

  it('offers the page the user came from when opened with Help', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [] }));
    fake.answer('GET /api/models', ok({ data: [] }));
    await renderApp({ path: '/models', http: fake.http });
    const main = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.click(within(main).getByRole('link', { name: 'Help' }));
    expect(((await screen.findByLabelText('Page (optional)')) as HTMLInputElement).value).toBe('/models');
  });

  it('opens as a contact message with ?kind=contact', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [] }));
    await renderApp({ path: '/bugReport?kind=contact', http: fake.http });
    expect(((await screen.findByLabelText('Contact us')) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText('Message')).toBeTruthy();
  });

  it('sends a visitor without a token to the login screen with the spec’s message', async () => {
    const app = await renderApp({ user: null, path: '/bugReport' });
    expect(app.location()).toBe('/login');
    expect(await screen.findByText(messages.pleaseLogIn)).toBeTruthy();
  });
});
