import { Navigate, type RouteObject } from 'react-router-dom';
import { ForgotScreen } from '../auth/ForgotScreen';
import { LandingScreen } from '../auth/LandingScreen';
import { LoginScreen } from '../auth/LoginScreen';
import { ResetScreen } from '../auth/ResetScreen';
import { SignupScreen } from '../auth/SignupScreen';
import { VerifyRoutes } from '../auth/verify/VerifyRoutes';
import { DashboardScreen } from '../dashboard/DashboardScreen';
import { ErrorScreen } from '../errors/ErrorScreen';
import { DeleteModelScreen } from '../model/DeleteModelScreen';
import { ModelExportScreen } from '../model/ModelExportScreen';
import { ModelFiltersScreen } from '../model/ModelFiltersScreen';
import { ModelHistoryScreen } from '../model/ModelHistoryScreen';
import { ModelLayout } from '../model/ModelLayout';
import { ModelPeopleScreen } from '../model/ModelPeopleScreen';
import { ModelSettingsLayout } from '../model/ModelSettingsLayout';
import { ModelSettingsScreen } from '../model/ModelSettingsScreen';
import { ModelsScreen } from '../models/ModelsScreen';
import { OrganizationDetailsScreen } from '../organizations/OrganizationDetailsScreen';
import { OrganizationFiltersScreen } from '../organizations/OrganizationFiltersScreen';
import { OrganizationLayout } from '../organizations/OrganizationLayout';
import { OrganizationModelsScreen } from '../organizations/OrganizationModelsScreen';
import { OrganizationPeopleScreen } from '../organizations/OrganizationPeopleScreen';
import { OrganizationSettingsScreen } from '../organizations/OrganizationSettingsScreen';
import { ProfileOrganizationsScreen } from '../organizations/ProfileOrganizationsScreen';
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

/**
 * /model and /report share one sub-structure (spec section 2); the index is the dashboard. History, people
 * and settings live inside ModelLayout, which loads the model once for all of them.
 */
function modelSubRoutes(subject: 'Model' | 'Report'): RouteObject[] {
  return [
    { index: true, element: <DashboardScreen /> },
    placeholder(':modelId/visualize/elements', `${subject}: elements`),
    placeholder(':modelId/visualize/merge', `${subject}: merge`),
    placeholder(':modelId/reports', `${subject}: reports`),
    {
      path: ':modelId',
      element: <ModelLayout />,
      children: [
        { index: true, element: <Navigate to="history" replace /> },
        { path: 'history', element: <ModelHistoryScreen /> },
        { path: 'people', element: <ModelPeopleScreen /> },
        {
          path: 'settings',
          element: <ModelSettingsLayout />,
          children: [
            { index: true, element: <Navigate to="settings" replace /> },
            { path: 'settings', element: <ModelSettingsScreen /> },
            { path: 'filters', element: <ModelFiltersScreen /> },
            { path: 'export', element: <ModelExportScreen /> },
            { path: 'deleteModel', element: <DeleteModelScreen /> },
          ],
        },
      ],
    },
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
          { path: 'models', element: <ModelsScreen /> },
          {
            path: 'profile',
            element: <ProfileLayout />,
            children: [
              { index: true, element: <Navigate to="profile" replace /> },
              placeholder('image', 'Profile image'),
              { path: 'preferences', element: <PreferencesScreen /> },
              { path: 'organizations', element: <ProfileOrganizationsScreen /> },
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
              {
                path: ':organizationsId',
                element: <OrganizationLayout />,
                children: [
                  { index: true, element: <Navigate to="models" replace /> },
                  { path: 'models', element: <OrganizationModelsScreen /> },
                  { path: 'people', element: <OrganizationPeopleScreen /> },
                  { path: 'settings', element: <OrganizationSettingsScreen /> },
                  { path: 'settings/details', element: <OrganizationDetailsScreen /> },
                  // Billing arrives with its own issue.
                  placeholder('settings/billing', 'Organization: billing'),
                  { path: 'settings/filters', element: <OrganizationFiltersScreen /> },
                ],
              },
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
