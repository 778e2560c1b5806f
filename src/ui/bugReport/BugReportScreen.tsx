import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { ownMessages } from '../../contract/errors';
import { supportRequestKindSchema, type SupportRequestKind } from '../../contract/http/requests';
import { SCREENSHOT_CONTENT_TYPES } from '../../machines/bugReport/bugReportMachine';
import {
  selectError,
  selectIsBusy,
  selectIsReading,
  selectIsSending,
  selectIsSent,
  selectKind,
  selectMessage,
  selectPage,
  selectScreenshot,
  selectSubject,
} from '../../machines/bugReport/selectors';
import { useBugReportActor, useBugReportEvents, type BugReportActor } from './useBugReportActor';

const kindLabels: Record<SupportRequestKind, string> = {
  bug: 'Report a bug',
  contact: 'Contact us',
};

const messageLabels: Record<SupportRequestKind, string> = {
  bug: 'What happened?',
  contact: 'Message',
};

/**
 * /bugReport (Help, and Report a Bug in the footer): a bug report or a message for the Gusset team, with an
 * optional screenshot. `?kind=contact` opens it as a contact message; a link may pass the page it came from as
 * router state `{ from }`.
 */
export function BugReportScreen() {
  const actor = useBugReportActor();
  const sent = useSelector(actor, selectIsSent);
  return (
    <main className="page">
      <h1>Report a Bug</h1>
      {sent ? <SentNotice actor={actor} /> : <BugReportForm actor={actor} />}
    </main>
  );
}

function SentNotice({ actor }: { actor: BugReportActor }) {
  const events = useBugReportEvents(actor);
  return (
    <section className="card form" aria-label="Sent">
      <p className="form-message form-message--notice" role="status">
        {ownMessages.supportRequestSent}
      </p>
      <button type="button" onClick={events.startAnother}>
        Send another
      </button>
    </section>
  );
}

function BugReportForm({ actor }: { actor: BugReportActor }) {
  const events = useBugReportEvents(actor);
  const kind = useSelector(actor, selectKind);
  const subject = useSelector(actor, selectSubject);
  const message = useSelector(actor, selectMessage);
  const page = useSelector(actor, selectPage);
  const screenshot = useSelector(actor, selectScreenshot);
  const error = useSelector(actor, selectError);
  const reading = useSelector(actor, selectIsReading);
  const sending = useSelector(actor, selectIsSending);
  const busy = useSelector(actor, selectIsBusy);
  const errorId = useId();
  const describedBy = error !== null ? errorId : undefined;

  return (
    <form
      className="card form"
      aria-label="Report a bug or contact us"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        events.submit();
      }}
    >
      <fieldset className="form__group">
        <legend>What is it about?</legend>
        {supportRequestKindSchema.options.map((option) => (
          <label key={option} className="form-check">
            <input
              type="radio"
              name="kind"
              value={option}
              checked={kind === option}
              onChange={() => events.chooseKind(option)}
            />
            <span>{kindLabels[option]}</span>
          </label>
        ))}
      </fieldset>
      <label className="form__field">
        <span>Subject</span>
        <input
          name="subject"
          maxLength={200}
          value={subject}
          aria-describedby={describedBy}
          onChange={(event) => events.changeField('subject', event.target.value)}
        />
      </label>
      <label className="form__field">
        <span>{messageLabels[kind]}</span>
        <textarea
          name="message"
          rows={6}
          maxLength={10_000}
          value={message}
          aria-describedby={describedBy}
          onChange={(event) => events.changeField('message', event.target.value)}
        />
      </label>
      <label className="form__field">
        <span>Page (optional)</span>
        <input
          name="page"
          placeholder="/model/…/history"
          value={page}
          onChange={(event) => events.changeField('page', event.target.value)}
        />
      </label>
      <label className="form__field">
        <span>Screenshot (optional)</span>
        <input
          type="file"
          name="screenshot"
          accept={SCREENSHOT_CONTENT_TYPES.join(',')}
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) events.chooseScreenshot(file);
          }}
        />
      </label>
      <p className="form-hint">PNG or JPEG, at most 2 MB.</p>
      {reading && (
        <p className="page__note" role="status">
          Reading the screenshot...
        </p>
      )}
      {screenshot !== null && (
        <p className="form-hint">
          Attached: {screenshot.name}{' '}
          <button type="button" onClick={events.removeScreenshot} disabled={busy}>
            Remove screenshot
          </button>
        </p>
      )}
      {error !== null && (
        <p id={errorId} className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy}>
        {sending ? 'Sending...' : 'Send'}
      </button>
    </form>
  );
}
