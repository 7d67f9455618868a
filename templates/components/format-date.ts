/** Dates as Australians write them: "21 November 2026". Pure: no Intl, no time zone. */
const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function formatLongDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new Error(`expected an ISO date such as 2026-11-21, received "${isoDate}"`);
  const [, year, month, day] = match;
  return `${Number(day)} ${monthNames[Number(month) - 1]} ${year}`;
}
