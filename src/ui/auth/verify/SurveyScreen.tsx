import type { FormEvent } from 'react';
import { useId } from 'react';
import { softwareUsed, softwareWanted, surveyFeatures } from '../../../contract/http/users';
import { selectError, selectIsBusy } from '../../../machines/signup/selectors';
import type { SurveyToggleEvent } from '../../../machines/signup/types';
import { FormError } from '../FormMessages';
import { useSignupFlowEvents, useSignupFlowSelector } from './SignupFlowContext';

type Question = SurveyToggleEvent['question'];

const questions: { question: Question; legend: string; options: readonly string[] }[] = [
  { question: 'features', legend: 'Which features matter most to you?', options: surveyFeatures },
  { question: 'softwareUsed', legend: 'Which software do you use?', options: softwareUsed },
  {
    question: 'softwareWanted',
    legend: 'Which software would you like Gusset to support?',
    options: softwareWanted,
  },
];

/** /verify/survey: optional answers stored with the user; Finish or Skip both end sign-up. */
export function SurveyScreen() {
  const answers = useSignupFlowSelector((s) => s.context.survey);
  const error = useSignupFlowSelector(selectError);
  const busy = useSignupFlowSelector(selectIsBusy);
  const events = useSignupFlowEvents();
  const idPrefix = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    events.finishSurvey();
  };

  return (
    <main className="auth-screen">
      <h1>Tell us about your work</h1>
      <p>Your answers help us decide what to build next. You can skip this.</p>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        {questions.map(({ question, legend, options }) => {
          const chosen: readonly string[] = answers[question];
          return (
            <fieldset key={question}>
              <legend>{legend}</legend>
              {options.map((option) => {
                const id = `${idPrefix}-${question}-${option.replace(/\W+/g, '-')}`;
                return (
                  <div key={option} className="form-check">
                    <input
                      id={id}
                      type="checkbox"
                      checked={chosen.includes(option)}
                      onChange={() => events.toggleSurveyAnswer(question, option)}
                    />
                    <label htmlFor={id}>{option}</label>
                  </div>
                );
              })}
            </fieldset>
          );
        })}
        <label htmlFor={`${idPrefix}-other`}>Anything else? (optional)</label>
        <textarea
          id={`${idPrefix}-other`}
          value={answers.other}
          maxLength={1000}
          onChange={(e) => events.changeSurveyOther(e.target.value)}
        />
        <FormError message={error} />
        <button type="button" onClick={events.skipSurvey} disabled={busy}>
          Skip
        </button>
        <button type="submit" disabled={busy}>
          Finish
        </button>
      </form>
    </main>
  );
}
