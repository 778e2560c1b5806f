import type { IfcAPI } from 'web-ifc';

let ready: Promise<IfcAPI> | undefined;

/**
 * The one web-ifc instance of this thread, initialised on first use: loading its WebAssembly costs tens of
 * milliseconds, once. The package itself is imported here too, not at the top: loading it takes a good part of a
 * second, which everything that never reads IFC (`gusset --help`, the server's start) should not pay. Models are
 * opened and closed per call (`OpenModel` / `CloseModel`), so nothing leaks between files.
 */
export function ifcApi(): Promise<IfcAPI> {
  ready ??= (async () => {
    const { IfcAPI } = await import('web-ifc');
    const api = new IfcAPI();
    await api.Init();
    return api;
  })();
  return ready;
}
