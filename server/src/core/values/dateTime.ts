/**
 * date-time values: RFC 3339 (`2026-11-22T10:30:00Z`, `2026-11-22T12:30:00.5+02:00`), real dates only, sent in
 * UTC. A value without an offset is read as UTC, whatever the machine's time zone; a date alone is its midnight
 * in UTC. Nothing else is guessed: `1`, `tomorrow` and `2024-02-30` are refused.
 */

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})?)?$/;

export type DateTimeOutcome = { ok: true; text: string } | { ok: false; message: string };

const EXAMPLE = 'such as "2026-11-22T10:30:00Z" (RFC 3339; without an offset it is read as UTC)';

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Checks a date-time and writes it in UTC: `YYYY-MM-DDTHH:MM:SS.sssZ` (more fraction digits when given). */
export function checkDateTime(text: string): DateTimeOutcome {
  const match = DATE_TIME.exec(text);
  if (!match) return { ok: false, message: `needs a date and time ${EXAMPLE}, not ${JSON.stringify(text)}` };
  const [, y = '', mo = '', d = '', h = '0', mi = '0', s = '0', fraction = '', offset = 'Z'] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return { ok: false, message: `names a day that does not exist: ${JSON.stringify(text)}` };
  if (hour > 23 || minute > 59 || second > 59) return { ok: false, message: `names a time that does not exist: ${JSON.stringify(text)} (hours 00-23, minutes and seconds 00-59)` };
  let offsetMinutes = 0;
  if (offset !== 'Z' && offset !== 'z') {
    const oh = Number(offset.slice(1, 3));
    const om = Number(offset.slice(4, 6));
    if (oh > 23 || om > 59) return { ok: false, message: `has an offset that does not exist: ${offset}` };
    offsetMinutes = (offset.startsWith('-') ? -1 : 1) * (oh * 60 + om);
  }
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute - offsetMinutes, second, 0);
  const outYear = utc.getUTCFullYear();
  if (outYear < 0 || outYear > 9999) return { ok: false, message: `falls outside the years 0000-9999 once moved to UTC: ${JSON.stringify(text)}` };
  const digits = fraction.padEnd(3, '0');
  return {
    ok: true,
    text: `${pad(outYear, 4)}-${pad(utc.getUTCMonth() + 1)}-${pad(utc.getUTCDate())}T${pad(utc.getUTCHours())}:${pad(utc.getUTCMinutes())}:${pad(utc.getUTCSeconds())}.${digits}Z`,
  };
}
