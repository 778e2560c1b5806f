export * from './serialize';
export * from './hash';
