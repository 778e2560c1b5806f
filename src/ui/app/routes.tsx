import { Navigate, type RouteObject } from 'react-router-dom';
import { ForgotScreen } from '../auth/ForgotScreen';
import { LandingScreen } from '../auth/LandingScreen';
import { LoginScreen } from '../auth/LoginScreen';
import { ResetScreen } from '../auth/ResetScreen';
import { SignupScreen } from '../auth/SignupScreen';
import { VerifyRoutes } from '../auth/verify/VerifyRoutes';
import { DashboardScreen } from '../dashboard/DashboardScreen';
import { ErrorScreen } from '../errors/ErrorScreen';
import { PlaceholderPage } from '../pages/PlaceholderPage';
import { PreferencesScreen } from '../profile/PreferencesScreen';
import { ProfileDetailsScreen } from '../profile/ProfileDetailsScreen';
import { ProfileLayout } from '../profile/ProfileLayout';
import { RootLayout } from './RootLayout';
import { RouteGuard } from './RouteGuard';

const placeholder = (path: string, title: string): RouteObject => ({
  path,
  element: <PlaceholderPage title={title} />,
});

/** /model and /report share one sub-structure (spec section 2); the index is the dashboard. */
function modelSubRoutes(subject: 'Model' | 'Report'): RouteObject[] {
  return [
    { index: true, element: <DashboardScreen /> },
    placeholder(':modelId/visualize/elements', `${subject}: elements`),
    placeholder(':modelId/visualize/merge', `${subject}: merge`),
    placeholder(':modelId/history', `${subject}: history`),
    placeholder(':modelId/reports', `${subject}: reports`),
    placeholder(':modelId/people', `${subject}: people`),
    placeholder(':modelId/settings', `${subject}: settings`),
    placeholder(':modelId/settings/settings', `${subject}: settings`),
    placeholder(':modelId/settings/filters', `${subject}: filters`),
    placeholder(':modelId/settings/export', `${subject}: export`),
    placeholder(':modelId/settings/deleteModel', `${subject}: delete model`),
  ];
}

/** Every route of spec section 2, each behind the guard that routeAccess decides. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    children: [
      {
        element: <RouteGuard kind="public" />,
        errorElement: <ErrorScreen />,
        children: [
          { index: true, element: <LandingScreen /> },
          { path: 'login', element: <LoginScreen /> },
          { path: 'forgot', element: <ForgotScreen /> },
          { path: 'signup', element: <SignupScreen /> },
          { path: 'reset/:token', element: <ResetScreen /> },
        ],
      },
      {
        // VerifyRoutes declares the /verify index redirect and the four sub-screens itself.
        path: 'verify/*',
        element: (
          <RouteGuard kind="verify">
            <VerifyRoutes />
          </RouteGuard>
        ),
        errorElement: <ErrorScreen />,
      },
      {
        element: <RouteGuard kind="loggedIn" />,
        errorElement: <ErrorScreen />,
        children: [
          { path: 'dashboard', element: <DashboardScreen /> },
          placeholder('models', 'Models'),
          {
            path: 'profile',
            element: <ProfileLayout />,
            children: [
              { index: true, element: <Navigate to="profile" replace /> },
              placeholder('image', 'Profile image'),
              { path: 'preferences', element: <PreferencesScreen /> },
              placeholder('organizations', 'Your organizations'),
              { path: 'profile', element: <ProfileDetailsScreen /> },
            ],
          },
          {
            path: 'admin',
            children: [
              { index: true, element: <PlaceholderPage title="Admin" /> },
              placeholder('profile', 'Admin: users'),
              placeholder('organizations', 'Admin: organizations'),
              placeholder('testingGroups', 'Admin: testing groups'),
            ],
          },
          placeholder('usageAnalytics', 'Usage analytics'),
          placeholder('downloadPlugins', 'Get Plugins'),
          placeholder('downloadingPlugins', 'Downloading plugins'),
          {
            path: 'organizations',
            children: [
              { index: true, element: <DashboardScreen /> },
              placeholder(':organizationsId/models', 'Organization: models'),
              placeholder(':organizationsId/people', 'Organization: people'),
              placeholder(':organizationsId/settings', 'Organization: settings'),
              placeholder(':organizationsId/settings/details', 'Organization: details'),
              placeholder(':organizationsId/settings/billing', 'Organization: billing'),
              placeholder(':organizationsId/settings/filters', 'Organization: filters'),
            ],
          },
          { path: 'model', children: modelSubRoutes('Model') },
          { path: 'report', children: modelSubRoutes('Report') },
        ],
      },
      {
        path: 'bugReport',
        element: <RouteGuard kind="bugReport" />,
        errorElement: <ErrorScreen />,
        children: [{ index: true, element: <PlaceholderPage title="Report a Bug" /> }],
      },
      {
        path: '*',
        element: (
          <RouteGuard kind="catchAll">
            <LandingScreen />
          </RouteGuard>
        ),
      },
    ],
  },
];
