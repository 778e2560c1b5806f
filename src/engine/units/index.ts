export * from './length';
export * from './system';
