/** Opening hours in words, from content/site.md: "Monday to Friday, 7 am to 7 pm". */
import type { Site } from '../model/schemas.ts';

const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function formatDays(days: string[]): string {
  const indexes = days.map((day) => week.indexOf(day)).sort((a, b) => a - b);
  const consecutive = indexes.every((value, position) => position === 0 || value === indexes[position - 1]! + 1);
  if (indexes.length > 2 && consecutive) return `${week[indexes[0]!]} to ${week[indexes[indexes.length - 1]!]}`;
  return indexes.map((index) => week[index]).join(', ');
}

/** "07:00" -> "7 am", "19:30" -> "7:30 pm". */
export function formatTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours >= 12 ? 'pm' : 'am';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''} ${suffix}`;
}

export function formatOpeningHours(site: Site): string {
  const { days, opens, closes } = site.openingHours;
  return `${formatDays(days)}, ${formatTime(opens)} to ${formatTime(closes)}`;
}
