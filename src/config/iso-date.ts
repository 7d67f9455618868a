/**
 * Dates in content, strictly: a calendar day written `YYYY-MM-DD`. YAML 1.2
 * has no date type, so a date reaches the schema as the text that was
 * written, and this schema is the one place it is read: `2026-02-30` and
 * `2026-13-45` are errors rather than 2 March and 14 February 2027 (as
 * js-yaml's timestamps made them), and `10/12/2026` is an error rather than a
 * guess at which of 10 December and 12 October was meant. The value is a
 * Date at midnight UTC of that day, as before.
 */
import { z } from 'zod';

const WRITTEN = /^(\d{4})-(\d{2})-(\d{2})$/;
const EXPECTED = 'must be a date written YYYY-MM-DD, such as 2026-11-01';

/** A zod schema for a `YYYY-MM-DD` date field; its value is that day's Date at 00:00 UTC. `.optional()` for a field that may be left out. */
export function isoDate(): z.ZodType<Date, unknown> {
  return z.unknown().transform((value, context): Date => {
    const day = readDay(value);
    if (day instanceof Date) return day;
    context.addIssue({ code: 'custom', message: day, input: value });
    return z.NEVER;
  });
}

/**
 * The `YYYY-MM-DD` day `value` names, as its Date at 00:00 UTC, or why it names none. The Date is
 * made from the day as matched, not the text read again: spaces around the day (a no-break space
 * pasted in, which YAML keeps) once passed the check and made an Invalid Date.
 */
function readDay(value: unknown): Date | string {
  if (value === undefined || value === null) return `is required: it ${EXPECTED}`;
  if (typeof value !== 'string') return `${EXPECTED} (received ${typeof value === 'object' ? 'a list or mapping' : `${typeof value} ${String(value)}`})`;
  const written = WRITTEN.exec(value.trim());
  if (!written) {
    const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value.trim());
    const hint = dayFirst ? `: ${value} could mean two days, so write the one meant, such as ${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}` : '';
    return `"${value}" ${EXPECTED}${hint}`;
  }
  const [year, month, day] = [Number(written[1]), Number(written[2]), Number(written[3])];
  if (month < 1 || month > 12) return `"${value}" is not a date: there is no month ${month} (${EXPECTED})`;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days) return `"${value}" is not a date: ${MONTHS[month - 1]} ${year} has ${days} days (${EXPECTED})`;
  // The day as matched (Date.UTC would read years below 100 as 19xx).
  return new Date(`${written[0]}T00:00:00Z`);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
