/**
 * IFC context geometry (issue #9): the glTF binary of the products the IFC reader approximated or dropped, made
 * by the upload's worker and kept in the derived cache under this kind, keyed by version id. It cannot be rebuilt
 * from the stored objects (only the uploaded file holds the geometry), so a missing entry means "none".
 */
export const CONTEXT_GLB_CACHE_KIND = 'context-glb';
