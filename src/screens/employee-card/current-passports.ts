/**
 * The passports that count toward an employee's documents: each, unless a later one of the same type replaced it
 * (one that expires later). The compliance page's rule (server/compliance/sources/passports.ts), so the card's
 * header and the page agree: an old passport left on file after a new one was issued is no expired document.
 */
interface PassportDates {
  type?: unknown;
  expiration_date?: unknown;
}

const dayOf = (passport: PassportDates) => (typeof passport.expiration_date === 'string' && passport.expiration_date !== '' ? passport.expiration_date : null);

export function currentPassports<T extends PassportDates>(passports: readonly T[]): T[] {
  return passports.filter((passport) => {
    const until = dayOf(passport);
    if (until === null) return true;
    return !passports.some((later) => {
      const laterUntil = dayOf(later);
      return later !== passport && (later.type ?? null) === (passport.type ?? null) && laterUntil !== null && laterUntil > until;
    });
  });
}
