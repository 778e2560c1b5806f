/**
 * Where the export screen opens on a version (issue #23): the history's cards and the viewer's toolbar send the
 * user there rather than having an export of their own, so the format choice, the certificate and the DXF stay
 * in one machine. The version rides in `?version=`, as it does in the viewer's address.
 */
export function exportAddress(modelId: string, versionId: string): string {
  return `/model/${encodeURIComponent(modelId)}/settings/export?version=${encodeURIComponent(versionId)}`;
}
