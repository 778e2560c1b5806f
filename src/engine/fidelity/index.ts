/*
 * The fidelity oracle (issue #20): compare two models as an engineer would, explain the differences with the
 * translators' reports, and certify what survived a round trip.
 */
export * from './types';
export { compareModels, DEFAULT_POSITION_TOLERANCE, DEFAULT_RELATIVE_TOLERANCE } from './compare';
export { explainDifferences } from './explain';
export type { CertificateGroup, CertificateKind, CertifyOptions, FidelityCertificate } from './certificate';
export { buildCertificate, certify, renderCertificate, withLeftBehind } from './certificate';
export { ASPECT_WORDS, CONCEPT_WORDS, KIND_WORDS } from './words';
