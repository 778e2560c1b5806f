import { softwareUsed, softwareWanted, surveyFeatures } from '../../contract/http/users';
import type { Survey } from '../../contract/http/users';
import type { SurveyAnswers, SurveyToggleEvent } from './types';

export const emptySurvey: SurveyAnswers = { features: [], softwareUsed: [], softwareWanted: [], other: '' };

/** Adds or removes an option, keeping the spec's order so the stored survey reads the same way every time. */
function toggleIn<T extends string>(chosen: readonly T[], options: readonly T[], option: T): T[] {
  const selected = chosen.includes(option) ? chosen.filter((o) => o !== option) : [...chosen, option];
  return options.filter((o) => selected.includes(o));
}

export function toggleSurveyAnswer(survey: SurveyAnswers, event: SurveyToggleEvent): SurveyAnswers {
  switch (event.question) {
    case 'features':
      return { ...survey, features: toggleIn(survey.features, surveyFeatures, event.option) };
    case 'softwareUsed':
      return { ...survey, softwareUsed: toggleIn(survey.softwareUsed, softwareUsed, event.option) };
    case 'softwareWanted':
      return { ...survey, softwareWanted: toggleIn(survey.softwareWanted, softwareWanted, event.option) };
  }
}

/** The body of PUT /api/users { survey }: free text only when the user wrote some. */
export function toStoredSurvey(survey: SurveyAnswers): Survey {
  const other = survey.other.trim();
  return {
    features: survey.features,
    softwareUsed: survey.softwareUsed,
    softwareWanted: survey.softwareWanted,
    ...(other ? { other } : {}),
  };
}

const isOneOf = <T extends string>(options: readonly T[], value: string): value is T =>
  (options as readonly string[]).includes(value);

/** The toggle event for an option offered on screen, or null for text that is not one of the question's options. */
export function surveyToggleEvent(
  question: SurveyToggleEvent['question'],
  option: string,
): SurveyToggleEvent | null {
  switch (question) {
    case 'features':
      return isOneOf(surveyFeatures, option) ? { type: 'survey.toggle', question, option } : null;
    case 'softwareUsed':
      return isOneOf(softwareUsed, option) ? { type: 'survey.toggle', question, option } : null;
    case 'softwareWanted':
      return isOneOf(softwareWanted, option) ? { type: 'survey.toggle', question, option } : null;
  }
}
