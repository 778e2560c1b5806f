import type { ParseArgsConfig } from 'node:util';
import { parseArgs } from 'node:util';
import { usageError } from './errors';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * `parseArgs` in strict mode, with its errors (unknown option, missing value) turned into usage errors that
 * carry the command's help, so every command line mistake exits with 2.
 */
export function parseOptions<const T extends Options>(
  args: readonly string[],
  options: T,
  help: string,
  helpCommand: string,
) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      throw usageError(error.message, help, helpCommand);
    }
    throw error;
  }
}
