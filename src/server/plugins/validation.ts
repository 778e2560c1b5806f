import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownMessages } from '../../contract/errors';
import { hasControlCharacters } from '../../contract/http/text';

/** Where the first string (or object key) with a control character is, walked without recursion (deep JSON). */
function controlCharacterPath(data: unknown): Array<string | number> | null {
  const stack: Array<{ value: unknown; path: Array<string | number> }> = [{ value: data, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: Array<string | number> };
    if (typeof value === 'string') {
      if (hasControlCharacters(value, true)) return path;
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (hasControlCharacters(key, true)) return path;
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
}

const controlFree = z.unknown().superRefine((data, context) => {
  const path = controlCharacterPath(data);
  if (path) context.addIssue({ code: 'custom', message: ownMessages.controlCharacters, path });
});

/**
 * The zod validator, behind a backstop: no body, query or path parameter holding NUL or another control
 * character (tab, CR and LF aside) reaches a schema, so a field that forgot the contract's text() helper still
 * answers 400 instead of PostgreSQL's 500. One-line fields refuse tab and line breaks through text() itself.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.httpPart !== 'body' && route.httpPart !== 'querystring' && route.httpPart !== 'params') {
    return validate;
  }
  const guard = zodValidatorCompiler({ ...route, schema: controlFree });
  return (data) => {
    const guarded = guard(data);
    return typeof guarded === 'object' && 'error' in guarded && guarded.error ? guarded : validate(data);
  };
};
