import { prettyFactory } from 'pino-pretty';

/*
 * The readable log of a demo's terminal (LOG_FORMAT=pretty): one line per entry, its time with the
 * zone offset, and the entry's fields as `name=value` words rather than a JSON object. Production
 * keeps JSON lines.
 */

/** The fields every entry has, shown by the line itself. */
const SHOWN_BY_THE_LINE = new Set(['level', 'time', 'pid', 'hostname', 'msg']);

/** A value as a word: strings, numbers and booleans as they are, anything else as JSON. */
const plain = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean' || value === null
      ? String(value)
      : JSON.stringify(value);

/** An entry's own fields as `name=value` words, nested ones by their path ("change.to=close-both"). */
export function fieldWords(entry: Record<string, unknown>, prefix = ''): string[] {
  const words: string[] = [];
  for (const [key, value] of Object.entries(entry)) {
    if (!prefix && SHOWN_BY_THE_LINE.has(key)) continue;
    const name = `${prefix}${key}`;
    if (value === undefined) continue;
    if (key === 'err' && !prefix && value && typeof value === 'object') {
      const err = value as { message?: unknown; stack?: unknown };
      words.push(`err=${typeof err.message === 'string' ? err.message : ''}`);
      if (typeof err.stack === 'string') words.push(`\n${err.stack}`);
    } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      words.push(...fieldWords(value as Record<string, unknown>, `${name}.`));
    } else {
      const text = Array.isArray(value) ? value.map(plain).join(',') : plain(value);
      words.push(`${name}=${/\s/.test(text) || text === '' ? `"${text}"` : text}`);
    }
  }
  return words;
}

/** The message of a readable line: the entry's message, then its fields. */
export function readableMessage(entry: Record<string, unknown>, messageKey: string): string {
  const raw = entry[messageKey];
  const message = typeof raw === 'string' ? raw : '';
  const words = fieldWords({ ...entry, [messageKey]: undefined });
  return words.length > 0 ? `${message} ${words.join(' ')}` : message;
}

/** pino-pretty's options for the readable log: the machine's clock with its offset ("[09:15:02 +0700]"). */
export const READABLE_LOG_OPTIONS = {
  translateTime: 'SYS:HH:MM:ss o',
  ignore: 'pid,hostname',
  singleLine: true,
  hideObject: true,
  messageFormat: readableMessage,
} as const;

/**
 * The stream of the readable log: each entry as one line on stdout (pino-pretty leaves a line
 * without its end when the entry's object is hidden).
 */
export function readableLogStream(colorize: boolean): { write(line: string): void } {
  const prettify = prettyFactory({ colorize, ...READABLE_LOG_OPTIONS });
  return {
    write(line) {
      const text = prettify(line);
      if (text) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    },
  };
}

/** An instant as a person at the site reads it: "Fri 27 Nov 18:00 (Asia/Bangkok)". */
export function zonedText(instant: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return `${text.replace(/,/g, '')} (${timeZone})`;
}
