import { useMemo } from 'react';
import type { ModelFormDependencies } from '../../machines/model/modelSettingsMachine';
import { announceSuccess } from '../auth/announce';
import { useHttpClient } from '../services/AppServices';
import { useModelPageEvents } from './ModelPageContext';

/**
 * What the model's forms (settings, people, plan) need from the page: the HTTP client, the toast, and the way
 * back to the page, which takes the model they saved.
 */
export function useModelFormDependencies(): ModelFormDependencies {
  const http = useHttpClient();
  const { replaceModel } = useModelPageEvents();
  return useMemo(() => ({ http, announce: announceSuccess, shareModel: replaceModel }), [http, replaceModel]);
}
