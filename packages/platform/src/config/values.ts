/** How configuration values are read: ports, switches, URLs, daily limits (every problem added to `problems`). */

export const parsePort = (raw: string | undefined, fallback: number, name: string, problems: string[]): number => {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    problems.push(`${name} must be a port number from 0 to 65535, got "${raw}"`);
    return fallback;
  }
  return value;
};

export const SWITCH_VALUES: Record<string, boolean> = {
  on: true,
  true: true,
  '1': true,
  yes: true,
  off: false,
  false: false,
  '0': false,
  no: false,
};

export const parseSwitch = (raw: string | undefined, fallback: boolean, name: string, problems: string[]): boolean => {
  if (raw === undefined || raw === '') return fallback;
  const value = SWITCH_VALUES[raw.toLowerCase()];
  if (value === undefined) {
    problems.push(`${name} must be on/off (or true/false), got "${raw}"`);
    return fallback;
  }
  return value;
};

export const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** a port number from 0 to 65535 (0: any free port) */
export const portOf = (name: string, raw: string, problems: string[]): number => {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`${name} must be a port number from 0 to 65535, got "${raw}"`);
  return port;
};

export const dailyLimitOf = (raw: string | undefined, fallback: number, name: string, problems: string[]): number => {
  if (raw === undefined || raw === '') return fallback;
  const value = /^[0-9]{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value < 1) {
    problems.push(`${name} must be a whole number from 1 to 999999, got "${raw}"`);
    return fallback;
  }
  return value;
};

/** a connection URL as it may be shown: any user info replaced by `***` (up to the last `@` before the path) */
export const redactUserInfo = (raw: string): string => raw.replace(/^([^:/?#]*:\/\/)[^/?#]*@/s, '$1***@');
