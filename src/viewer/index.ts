export { createViewer } from './createViewer';
export type { CreateViewerOptions } from './createViewer';
export { installViewerTestApi, createViewerTestApi } from './testApi';
export { DEFAULT_THEME, THEMES } from './themes';
export * from './types';
