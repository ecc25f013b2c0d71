/**
 * Realistic, valid and repeatable demo data for a European haulier: names, phones that
 * libphonenumber-js accepts, VINs with the ISO 3779 check digit, IBANs with a correct mod-97 check,
 * registration numbers, addresses, customers and dates. Every generator draws from one seeded
 * random source, so two runs with the same seed make the same data.
 */
import { isValidPhoneNumber } from 'libphonenumber-js/min';

/** mulberry32: small, fast and good enough for test data (not for secrets). */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  digits(count: number): string {
    let text = '';
    for (let index = 0; index < count; index += 1) text += String(this.int(0, 9));
    return text;
  }
  letters(count: number, alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ'): string {
    let text = '';
    for (let index = 0; index < count; index += 1) text += alphabet[this.int(0, alphabet.length - 1)];
    return text;
  }
}

export const FIRST_NAMES = [
  'Andriy',
  'Oleksandr',
  'Mykola',
  'Taras',
  'Petro',
  'Ivan',
  'Serhiy',
  'Dmytro',
  'Yuriy',
  'Vasyl',
  'Tomasz',
  'Piotr',
  'Krzysztof',
  'Marek',
  'Pawel',
  'Jakub',
  'Lukas',
  'Stefan',
  'Markus',
  'Jonas',
  'Giorgos',
  'Nikos',
  'Marco',
  'Luca',
  'Matteo',
  'Javier',
  'Carlos',
  'Miguel',
  'Elena',
  'Olena',
  'Iryna',
  'Natalia',
  'Anna',
  'Katarzyna',
  'Monika',
  'Sabine',
  'Julia',
  'Maria',
  'Sofia',
  'Laura',
] as const;

export const LAST_NAMES = [
  'Kovalenko',
  'Shevchenko',
  'Bondarenko',
  'Tkachenko',
  'Kravchenko',
  'Melnyk',
  'Boyko',
  'Koval',
  'Oliynyk',
  'Moroz',
  'Nowak',
  'Kowalski',
  'Wisniewski',
  'Wojcik',
  'Kaminski',
  'Lewandowski',
  'Zielinski',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Becker',
  'Wagner',
  'Papadopoulos',
  'Georgiou',
  'Rossi',
  'Russo',
  'Ferrari',
  'Bianchi',
  'Garcia',
  'Martinez',
  'Lopez',
  'Fernandez',
  'Horvat',
  'Novak',
  'Popescu',
  'Ionescu',
  'Petrov',
  'Ivanova',
  'Dvorak',
] as const;

export interface Place {
  country: string;
  city: string;
  zip: () => string;
  streets: readonly string[];
}

const zipDigits = (random: Random, count: number) => () => random.digits(count);

export function places(random: Random): Place[] {
  return [
    { country: 'DE', city: 'Berlin', zip: zipDigits(random, 5), streets: ['Frankfurter Allee', 'Landsberger Allee', 'Hermannstrasse', 'Storkower Strasse'] },
    { country: 'DE', city: 'Hamburg', zip: zipDigits(random, 5), streets: ['Am Sandtorkai', 'Billstrasse', 'Wandsbeker Chaussee', 'Reeperbahn'] },
    { country: 'DE', city: 'Munich', zip: zipDigits(random, 5), streets: ['Landsberger Strasse', 'Leopoldstrasse', 'Dachauer Strasse'] },
    { country: 'PL', city: 'Warsaw', zip: () => `0${random.digits(1)}-${random.digits(3)}`, streets: ['Marszalkowska', 'Grojecka', 'Pulawska', 'Modlinska'] },
    { country: 'PL', city: 'Poznan', zip: () => `6${random.digits(1)}-${random.digits(3)}`, streets: ['Glogowska', 'Dabrowskiego', 'Bukowska'] },
    { country: 'UA', city: 'Lviv', zip: zipDigits(random, 5), streets: ['Horodotska', 'Stryiska', 'Zelena', 'Shevchenka'] },
    { country: 'UA', city: 'Kyiv', zip: zipDigits(random, 5), streets: ['Khreshchatyk', 'Peremohy Avenue', 'Velyka Vasylkivska'] },
    { country: 'IT', city: 'Milan', zip: zipDigits(random, 5), streets: ['Via Mecenate', 'Viale Monza', 'Via Ripamonti'] },
    { country: 'ES', city: 'Zaragoza', zip: zipDigits(random, 5), streets: ['Calle de Alfonso I', 'Avenida de Cataluna', 'Calle Mayor'] },
    { country: 'GR', city: 'Thessaloniki', zip: zipDigits(random, 5), streets: ['Egnatia', 'Tsimiski', 'Monastiriou'] },
    { country: 'NL', city: 'Rotterdam', zip: () => `30${random.digits(2)} ${random.letters(2)}`, streets: ['Maasvlakte Boulevard', 'Waalhaven', 'Europaweg'] },
    { country: 'CZ', city: 'Prague', zip: () => `1${random.digits(2)} ${random.digits(2)}`, streets: ['Vinohradska', 'Plzenska', 'Evropska'] },
  ];
}

export function addressOf(random: Random, all: Place[]): { place: Place; street: string; house: string; zip: string; line: string } {
  const place = random.pick(all);
  const street = random.pick(place.streets);
  const house = String(random.int(1, 240));
  const zip = place.zip();
  return { place, street, house, zip, line: `${street} ${house}, ${zip} ${place.city}, ${place.country}` };
}

const CUSTOMER_HEADS = [
  'Baltic',
  'Carpathian',
  'Danube',
  'Rhine',
  'Alpine',
  'Vistula',
  'Adriatic',
  'Iberian',
  'Nordic',
  'Aegean',
  'Silesian',
  'Bavarian',
  'Tuscan',
  'Galician',
  'Pannonian',
  'Hanseatic',
];
const CUSTOMER_TRADES = [
  'Foods',
  'Steel',
  'Timber',
  'Chemicals',
  'Paper',
  'Glass',
  'Auto Parts',
  'Furniture',
  'Textiles',
  'Electronics',
  'Grain',
  'Beverages',
  'Plastics',
  'Machinery',
  'Pharma',
  'Building Materials',
];
const CUSTOMER_FORMS = ['GmbH', 'Sp. z o.o.', 'S.r.l.', 'S.L.', 'TOV', 'AG', 'B.V.', 'a.s.'];

/** Up to 2,048 distinct customer names ("Danube Steel GmbH"): a large tenant's orders spread over them. */
export function customerName(index: number): string {
  const head = CUSTOMER_HEADS[index % CUSTOMER_HEADS.length];
  const trade = CUSTOMER_TRADES[Math.floor(index / CUSTOMER_HEADS.length) % CUSTOMER_TRADES.length];
  const form = CUSTOMER_FORMS[Math.floor(index / (CUSTOMER_HEADS.length * CUSTOMER_TRADES.length)) % CUSTOMER_FORMS.length];
  return `${head} ${trade} ${form}`;
}
export const CUSTOMER_COUNT = CUSTOMER_HEADS.length * CUSTOMER_TRADES.length * CUSTOMER_FORMS.length;

export const DISPATCHERS = ['Anna Nowak', 'Olena Melnyk', 'Markus Weber', 'Luca Rossi', 'Sofia Garcia', 'Iryna Boyko'];

// ---- phones ----

const PHONE_PATTERNS: Array<(random: Random) => string> = [
  (random) => `+49 15${random.pick(['1', '2', '7'])}${random.digits(1)} ${random.digits(7)}`, // German mobile
  (random) => `+48 ${random.pick(['50', '51', '53', '57', '60', '66', '69', '72', '78', '79'])}${random.digits(1)} ${random.digits(3)} ${random.digits(3)}`, // Polish mobile
  (random) =>
    `+380 ${random.pick(['50', '63', '66', '67', '68', '73', '93', '95', '96', '97', '98', '99'])} ${random.digits(3)} ${random.digits(2)} ${random.digits(2)}`, // Ukrainian mobile
  (random) => `+39 3${random.pick(['20', '28', '33', '35', '38', '40', '47', '49'])} ${random.digits(3)} ${random.digits(4)}`, // Italian mobile
  (random) => `+34 6${random.digits(2)} ${random.digits(3)} ${random.digits(3)}`, // Spanish mobile
];

/** A phone number libphonenumber-js accepts (drawn again until it does). */
export function phone(random: Random): string {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const candidate = random.pick(PHONE_PATTERNS)(random);
    if (isValidPhoneNumber(candidate)) return candidate;
  }
  return '+49 30 1234567';
}

// ---- VINs (ISO 3779, with the check digit in position 9) ----

const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_YEAR = 'ABCDEFGHJKLMNPRSTVWXY123456789';

function vinValue(character: string): number {
  if (/\d/.test(character)) return Number(character);
  return 'ABCDEFGH'.includes(character)
    ? character.charCodeAt(0) - 64
    : (({ J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9 } as Record<string, number>)[character] ?? 0);
}

export const TRUCK_MAKERS = [
  { wmi: 'WDB', brand: 'Mercedes-Benz' },
  { wmi: 'YV2', brand: 'Volvo' },
  { wmi: 'XLR', brand: 'DAF' },
  { wmi: 'WMA', brand: 'MAN' },
  { wmi: 'VF6', brand: 'Renault' },
  { wmi: 'YS2', brand: 'Scania' },
  { wmi: 'ZCF', brand: 'Iveco' },
] as const;
export const TRAILER_MAKERS = [
  { wmi: 'WSM', brand: 'Schmitz Cargobull' },
  { wmi: 'WKE', brand: 'Krone' },
  { wmi: 'WK0', brand: 'Koegel' },
  { wmi: 'SUW', brand: 'Wielton' },
] as const;

export function vin(random: Random, wmi: string, year: number): string {
  const characters = (wmi + random.letters(5, VIN_ALPHABET) + '0' + VIN_YEAR[(year - 2001) % 30] + random.letters(1, VIN_ALPHABET) + random.digits(6)).split(
    '',
  );
  const sum = characters.reduce((total, character, index) => total + vinValue(character) * VIN_WEIGHTS[index], 0);
  const check = sum % 11;
  characters[8] = check === 10 ? 'X' : String(check);
  return characters.join('');
}

// ---- IBANs (ISO 13616 mod-97) ----

function mod97(digits: string): number {
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder;
}

const IBAN_FORMATS: Record<string, (random: Random) => string> = {
  DE: (random) => random.digits(18),
  PL: (random) => random.digits(24),
  IT: (random) => random.letters(1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') + random.digits(22),
  ES: (random) => random.digits(20),
  NL: (random) => random.letters(4, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') + random.digits(10),
  UA: (random) => random.digits(25),
};

export function iban(random: Random, country = 'DE'): string {
  const bban = (IBAN_FORMATS[country] ?? IBAN_FORMATS.DE)(random);
  const numeric = `${bban}${country}00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  const check = String(98 - mod97(numeric)).padStart(2, '0');
  return `${country}${check}${bban}`;
}

export const BANKS = [
  { name: 'Deutsche Bank', swift: 'DEUTDEFF', country: 'DE' },
  { name: 'Commerzbank', swift: 'COBADEFF', country: 'DE' },
  { name: 'PKO Bank Polski', swift: 'BPKOPLPW', country: 'PL' },
  { name: 'UniCredit', swift: 'UNCRITMM', country: 'IT' },
  { name: 'ING Bank', swift: 'INGBNL2A', country: 'NL' },
  { name: 'PrivatBank', swift: 'PBANUA2X', country: 'UA' },
] as const;

// ---- vehicles ----

export function truckPlate(random: Random, index: number): string {
  return random.pick([() => `B-FD ${1000 + index}`, () => `WX ${random.digits(4)}${random.letters(1)}`, () => `BC${random.digits(4)}${random.letters(2)}`])();
}

// ---- dates ----

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function daysFromToday(days: number): string {
  return isoDate(new Date(Date.now() + days * 86_400_000));
}

export function dateBetween(random: Random, fromDaysAgo: number, toDaysAgo: number): string {
  return daysFromToday(-random.int(toDaysAgo, fromDaysAgo));
}

export function birthDate(random: Random): string {
  return isoDate(new Date(Date.UTC(random.int(1962, 2001), random.int(0, 11), random.int(1, 28))));
}

export function passportNumber(random: Random, country: string): string {
  return country === 'UA' ? `${random.letters(2)}${random.digits(6)}` : `${random.letters(1)}${random.digits(8)}`;
}
