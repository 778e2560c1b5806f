import { Navigate, type RouteObject } from 'react-router-dom';
import { ForgotScreen } from '../auth/ForgotScreen';
import { LandingScreen } from '../auth/LandingScreen';
import { LoginScreen } from '../auth/LoginScreen';
import { ResetScreen } from '../auth/ResetScreen';
import { SignupScreen } from '../auth/SignupScreen';
import { VerifyRoutes } from '../auth/verify/VerifyRoutes';
import { BugReportScreen } from '../bugReport/BugReportScreen';
import { ErrorScreen } from '../errors/ErrorScreen';
import { CatchAllScreen } from '../errors/NotFoundScreen';
import { InitializingScreen } from '../startup/InitializingScreen';
import { lazyScreen } from '../chunks/chunks';
import { RootLayout } from './RootLayout';
import { RouteGuard } from './RouteGuard';

/** The lazily loaded feature screens: one chunk each, fetched when a route first needs it. */
const screens = {
  dashboardScreen: lazyScreen(
    () => import('../dashboard/DashboardScreen'),
    (module) => module.DashboardScreen,
  ),
  modelLayout: lazyScreen(
    () => import('../model/ModelLayout'),
    (module) => module.ModelLayout,
  ),
  modelHistoryScreen: lazyScreen(
    () => import('../model/ModelHistoryScreen'),
    (module) => module.ModelHistoryScreen,
  ),
  modelPeopleScreen: lazyScreen(
    () => import('../model/ModelPeopleScreen'),
    (module) => module.ModelPeopleScreen,
  ),
  modelSettingsLayout: lazyScreen(
    () => import('../model/ModelSettingsLayout'),
    (module) => module.ModelSettingsLayout,
  ),
  modelSettingsScreen: lazyScreen(
    () => import('../model/ModelSettingsScreen'),
    (module) => module.ModelSettingsScreen,
  ),
  modelFiltersScreen: lazyScreen(
    () => import('../model/ModelFiltersScreen'),
    (module) => module.ModelFiltersScreen,
  ),
  modelExportScreen: lazyScreen(
    () => import('../model/ModelExportScreen'),
    (module) => module.ModelExportScreen,
  ),
  deleteModelScreen: lazyScreen(
    () => import('../model/DeleteModelScreen'),
    (module) => module.DeleteModelScreen,
  ),
  visualizeElementsScreen: lazyScreen(
    () => import('../viewer/VisualizeElementsScreen'),
    (module) => module.VisualizeElementsScreen,
  ),
  reportsScreen: lazyScreen(
    () => import('../reports/ReportsScreen'),
    (module) => module.ReportsScreen,
  ),
  mergeScreen: lazyScreen(
    () => import('../merge/MergeScreen'),
    (module) => module.MergeScreen,
  ),
  repairScreen: lazyScreen(
    () => import('../repair/RepairScreen'),
    (module) => module.RepairScreen,
  ),
  reviewScreen: lazyScreen(
    () => import('../reviews/ReviewScreen'),
    (module) => module.ReviewScreen,
  ),
  modelsScreen: lazyScreen(
    () => import('../models/ModelsScreen'),
    (module) => module.ModelsScreen,
  ),
  profileLayout: lazyScreen(
    () => import('../profile/ProfileLayout'),
    (module) => module.ProfileLayout,
  ),
  preferencesScreen: lazyScreen(
    () => import('../profile/PreferencesScreen'),
    (module) => module.PreferencesScreen,
  ),
  profileOrganizationsScreen: lazyScreen(
    () => import('../organizations/ProfileOrganizationsScreen'),
    (module) => module.ProfileOrganizationsScreen,
  ),
  profileDetailsScreen: lazyScreen(
    () => import('../profile/ProfileDetailsScreen'),
    (module) => module.ProfileDetailsScreen,
  ),
  profileImageScreen: lazyScreen(
    () => import('../profile/ProfileImageScreen'),
    (module) => module.ProfileImageScreen,
  ),
  adminLayout: lazyScreen(
    () => import('../admin/AdminLayout'),
    (module) => module.AdminLayout,
  ),
  adminUsersScreen: lazyScreen(
    () => import('../admin/AdminUsersScreen'),
    (module) => module.AdminUsersScreen,
  ),
  adminOrganizationsScreen: lazyScreen(
    () => import('../admin/AdminOrganizationsScreen'),
    (module) => module.AdminOrganizationsScreen,
  ),
  adminTestingGroupsScreen: lazyScreen(
    () => import('../admin/AdminTestingGroupsScreen'),
    (module) => module.AdminTestingGroupsScreen,
  ),
  statsScreen: lazyScreen(
    () => import('../analytics/StatsScreen'),
    (module) => module.StatsScreen,
  ),
  organizationLayout: lazyScreen(
    () => import('../organizations/OrganizationLayout'),
    (module) => module.OrganizationLayout,
  ),
  organizationModelsScreen: lazyScreen(
    () => import('../organizations/OrganizationModelsScreen'),
    (module) => module.OrganizationModelsScreen,
  ),
  organizationPeopleScreen: lazyScreen(
    () => import('../organizations/OrganizationPeopleScreen'),
    (module) => module.OrganizationPeopleScreen,
  ),
  organizationSettingsScreen: lazyScreen(
    () => import('../organizations/OrganizationSettingsScreen'),
    (module) => module.OrganizationSettingsScreen,
  ),
  organizationDetailsScreen: lazyScreen(
    () => import('../organizations/OrganizationDetailsScreen'),
    (module) => module.OrganizationDetailsScreen,
  ),
  organizationFiltersScreen: lazyScreen(
    () => import('../organizations/OrganizationFiltersScreen'),
    (module) => module.OrganizationFiltersScreen,
  ),
  pluginsScreen: lazyScreen(
    () => import('../plugins/PluginsScreen'),
    (module) => module.PluginsScreen,
  ),
  downloadingPluginsScreen: lazyScreen(
    () => import('../plugins/DownloadingPluginsScreen'),
    (module) => module.DownloadingPluginsScreen,
  ),
  organizationBillingScreen: lazyScreen(
    () => import('../billing/OrganizationBillingScreen'),
    (module) => module.OrganizationBillingScreen,
  ),
};

/**
 * The feature screens (dashboard, models, model, organizations, profile) load lazily, each in its own chunk
 * with the 120 s chunk timeout (chunks.ts); a chunk that does not arrive shows the ChunkLoadError screen (or
 * the CSS screen) through the route's errorElement. The landing, sign-in and sign-up screens stay in the
 * entry chunk: they are the first thing a visitor sees.
 *
 * /model and /report share one sub-structure (spec section 2); the index is the dashboard. History, people
 * and settings live inside ModelLayout, which loads the model once for all of them.
 */
function modelSubRoutes(_subject: 'Model' | 'Report'): RouteObject[] {
  return [
    { index: true, ...screens.dashboardScreen },
    { path: ':modelId/visualize/elements', ...screens.visualizeElementsScreen },
    { path: ':modelId/visualize/merge', ...screens.mergeScreen },
    { path: ':modelId/visualize/repair', ...screens.repairScreen },
    { path: ':modelId/review/:reviewId', ...screens.reviewScreen },
    { path: ':modelId/reports', ...screens.reportsScreen },
    {
      path: ':modelId',
      ...screens.modelLayout,
      children: [
        { index: true, element: <Navigate to="history" replace /> },
        { path: 'history', ...screens.modelHistoryScreen },
        { path: 'people', ...screens.modelPeopleScreen },
        {
          path: 'settings',
          ...screens.modelSettingsLayout,
          children: [
            { index: true, element: <Navigate to="settings" replace /> },
            { path: 'settings', ...screens.modelSettingsScreen },
            { path: 'filters', ...screens.modelFiltersScreen },
            { path: 'export', ...screens.modelExportScreen },
            { path: 'deleteModel', ...screens.deleteModelScreen },
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
    // Shown while the first screen's chunk arrives on a page load straight into a lazy route.
    hydrateFallbackElement: <InitializingScreen />,
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
          { path: 'dashboard', ...screens.dashboardScreen },
          { path: 'models', ...screens.modelsScreen },
          {
            path: 'profile',
            ...screens.profileLayout,
            children: [
              { index: true, element: <Navigate to="profile" replace /> },
              { path: 'image', ...screens.profileImageScreen },
              { path: 'preferences', ...screens.preferencesScreen },
              { path: 'organizations', ...screens.profileOrganizationsScreen },
              { path: 'profile', ...screens.profileDetailsScreen },
            ],
          },
          {
            // Internal admins only: anyone else goes to /dashboard with 'Unauthorized access' (routeAccess).
            element: <RouteGuard kind="admin" />,
            children: [
              {
                path: 'admin',
                ...screens.adminLayout,
                children: [
                  { index: true, element: <Navigate to="profile" replace /> },
                  { path: 'profile', ...screens.adminUsersScreen },
                  { path: 'organizations', ...screens.adminOrganizationsScreen },
                  { path: 'testingGroups', ...screens.adminTestingGroupsScreen },
                ],
              },
            ],
          },
          {
            // Stats, for the listed internal admins its entry is shown to; anyone else goes to /dashboard.
            element: <RouteGuard kind="stats" />,
            children: [{ path: 'usageAnalytics', ...screens.statsScreen }],
          },
          { path: 'downloadPlugins', ...screens.pluginsScreen },
          { path: 'downloadingPlugins', ...screens.downloadingPluginsScreen },
          {
            path: 'organizations',
            children: [
              { index: true, ...screens.dashboardScreen },
              {
                path: ':organizationsId',
                ...screens.organizationLayout,
                children: [
                  { index: true, element: <Navigate to="models" replace /> },
                  { path: 'models', ...screens.organizationModelsScreen },
                  { path: 'people', ...screens.organizationPeopleScreen },
                  { path: 'settings', ...screens.organizationSettingsScreen },
                  { path: 'settings/details', ...screens.organizationDetailsScreen },
                  { path: 'settings/billing', ...screens.organizationBillingScreen },
                  { path: 'settings/filters', ...screens.organizationFiltersScreen },
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
        // In the entry chunk: a visitor is sent to /login at once, without fetching the screen first.
        children: [{ index: true, element: <BugReportScreen /> }],
      },
      {
        path: '*',
        element: (
          <RouteGuard kind="catchAll">
            <CatchAllScreen />
          </RouteGuard>
        ),
      },
    ],
  },
];
