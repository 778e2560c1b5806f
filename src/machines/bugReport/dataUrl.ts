/**
 * A file as a data URL (what POST /api/v2/requests takes for a screenshot). Blob.arrayBuffer and btoa exist in
 * browsers and in Node, so this runs in the machine's tests too.
 */
export async function dataUrlOf(file: Blob, contentType: string): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  // String.fromCharCode takes its arguments on the stack: convert in slices, not all at once.
  const slice = 0x8000;
  let binary = '';
  for (let start = 0; start < bytes.length; start += slice) {
    binary += String.fromCharCode(...bytes.subarray(start, start + slice));
  }
  return `data:${contentType};base64,${btoa(binary)}`;
}
