/**
 * The canonical structural model: one type per file, each a zod schema with its inferred type.
 * Units are fixed (lengths mm, forces N, moments N·m; see `CANONICAL_UNITS` in common.ts).
 * This index is the schema's public surface; changes to it are additive only.
 */
export * from './common';
export * from './area';
export * from './autoMesh';
export * from './areaLoad';
export * from './beam';
export * from './brace';
export * from './cable';
export * from './column';
export * from './component';
export * from './constraint';
export * from './diaphragm';
export * from './element';
export * from './floor';
export * from './foundation';
export * from './frame';
export * from './function';
export * from './geoElement';
export * from './grid';
export * from './group';
export * from './level';
export * from './linearLoad';
export * from './link';
export * from './linkProperty';
export * from './load';
export * from './loadCase';
export * from './loadCombination';
export * from './loadPattern';
export * from './material';
export * from './modifiers';
export * from './model';
export * from './node';
export * from './opening';
export * from './pointLoad';
export * from './profile';
export * from './releases';
export * from './restraint';
export * from './results';
export * from './spring';
export * from './wall';
