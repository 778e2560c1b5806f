import { IfcAPI } from 'web-ifc';

let ready: Promise<IfcAPI> | undefined;

/**
 * The one web-ifc instance of this thread, initialised on first use: loading its WebAssembly costs tens of
 * milliseconds, once. Models are opened and closed per call (`OpenModel` / `CloseModel`), so nothing leaks between
 * files.
 */
export function ifcApi(): Promise<IfcAPI> {
  ready ??= (async () => {
    const api = new IfcAPI();
    await api.Init();
    return api;
  })();
  return ready;
}
