import type { ReactElement } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { verifyIndexTarget } from '../../../machines/signup/verifyParams';
import { ChoosePlanScreen } from './ChoosePlanScreen';
import { CreateAccountScreen } from './CreateAccountScreen';
import { DownloadPluginsScreen } from './DownloadPluginsScreen';
import { SurveyScreen } from './SurveyScreen';

/** The route table itself; `flow` is the layout that owns the flow actor (a test passes its own). */
export function VerifyRouteTable({ flow }: { flow: ReactElement }) {
  return (
    <Routes>
      <Route index element={<VerifyIndexRedirect />} />
      <Route element={flow}>
        <Route path="create-account" element={<CreateAccountScreen />} />
        <Route path="choose-plan" element={<ChoosePlanScreen />} />
        <Route path="download-plugins" element={<DownloadPluginsScreen />} />
        <Route path="survey" element={<SurveyScreen />} />
      </Route>
      <Route path="*" element={<VerifyIndexRedirect />} />
    </Routes>
  );
}

function VerifyIndexRedirect() {
  const { search } = useLocation();
  return <Navigate to={verifyIndexTarget(search)} replace />;
}
