export * from './catalogue';
export * from './quantities';
export * from './store';
export * from './read';
export * from './match';
export * from './summary';
export * from './diff';
export * from './encode';
