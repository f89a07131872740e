import { parseArgs } from 'node:util';

/** a usage mistake: said on stderr with the usage, exit code 2 */
export class UsageError extends Error {}

type OptionValue<T> = T extends { type: 'boolean' } ? boolean : string;

/** a command's options (no positionals), or a usage error naming what is wrong */
export const parse = <O extends Record<string, { type: 'string' } | { type: 'boolean' }>>(
  rest: string[],
  options: O,
) => {
  try {
    return parseArgs({ args: rest, options, strict: true, allowPositionals: false }).values as {
      [K in keyof O]?: OptionValue<O[K]>;
    };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
};

/** a whole number >= 0 from an argument, or a usage error naming it */
export const count = (value: string | undefined, name: string): number => {
  if (value === undefined || !/^\d{1,12}$/.test(value)) throw new UsageError(`${name} must be a whole number >= 0`);
  return Number(value);
};
