/**
 * One record of each resource as its schema (schemas/*.json) describes it: the demo seeder posts these
 * to the API, the bulk generator writes them straight into the engine tables (after validating a sample
 * with the engine's own compiled validators). Ids of referenced records come in `refs`.
 */
import {
  addressOf,
  BANKS,
  birthDate,
  customerName,
  CUSTOMER_COUNT,
  dateBetween,
  daysFromToday,
  DISPATCHERS,
  FIRST_NAMES,
  iban,
  LAST_NAMES,
  passportNumber,
  phone,
  places,
  type Place,
  type Random,
  TRAILER_MAKERS,
  TRUCK_MAKERS,
  truckPlate,
  vin,
} from './data';

type Data = Record<string, unknown>;

const CITIZENSHIPS = ['UA', 'PL', 'DE', 'RO', 'IT', 'ES', 'GR', 'CZ'];
// Ids of reference-data/contracts.json: the contract types by country, named in each member's language.
const CONTRACTS = ['1', '2', '4', '7', '8', '9', '10', '12', '14', '15'];

/** One of `items` other than `taken` (a second driver): drawn again until it differs; `items` holds two or more. */
function pickOther<T>(random: Random, items: readonly T[], taken: unknown): T {
  let item = random.pick(items);
  while (item === taken) item = random.pick(items);
  return item;
}

export class RecordMaker {
  readonly places: Place[];
  constructor(readonly random: Random) {
    this.places = places(random);
  }

  employee(companyId: number, index: number): Data {
    const random = this.random;
    const name = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const data: Data = {
      company_id: companyId,
      category: random.chance(0.8) ? 'staff' : random.pick(['contractors', 'in_state', 'in_progress', 'in_waiting']),
      name,
      last_name: lastName,
      email: `${name}.${lastName}.${index}@example.com`.toLowerCase(),
      phone: phone(random),
      date_of_birth: birthDate(random),
      place_of_birth: random.pick(this.places).city,
      citizenship: random.pick(CITIZENSHIPS),
      contract_type: random.pick(CONTRACTS),
      contract_end_date: daysFromToday(random.int(-30, 900)),
      drivers_number: `${random.letters(2)}${random.digits(7)}`,
      inn: random.digits(10),
    };
    if (random.chance(0.5)) data.spouse_phone = phone(random);
    return data;
  }

  passport(citizenship: string, primary: boolean): Data {
    const issued = dateBetween(this.random, 3000, 30);
    const expires = new Date(Date.parse(issued) + this.random.int(5, 10) * 365 * 86_400_000).toISOString().slice(0, 10);
    return {
      number: passportNumber(this.random, citizenship),
      type: this.random.chance(0.7) ? 'biometric' : 'usual',
      issue_date: issued,
      expiration_date: expires,
      primary,
    };
  }

  address(): Data {
    const { place, street, house, zip } = addressOf(this.random, this.places);
    return { type: 'Registration', country: place.country, city: place.city, street, house, zip };
  }

  employeeBank(): Data {
    return { number: iban(this.random, this.random.pick(['DE', 'PL', 'UA'])), type: 'Salary' };
  }

  companyBank(currency = 'EUR'): Data {
    const bank = this.random.pick(BANKS);
    return {
      account_name: `Operating ${currency}`,
      bank_name: bank.name,
      bank_country: bank.country,
      currency,
      iban: iban(this.random, bank.country),
      swift_code: bank.swift,
    };
  }

  transport(index: number): Data {
    const random = this.random;
    const maker = random.pick(TRUCK_MAKERS);
    const year = random.int(2012, 2024);
    return {
      board_names: `${maker.brand.split('-')[0]} #${String(index + 1).padStart(3, '0')}`.slice(0, 20),
      car_brand: maker.brand,
      registration_number: truckPlate(random, index),
      facility_type: random.int(1, 5),
      fuel_type: random.pick([1, 1, 1, 2, 3]),
      fuel_tank_capacity: random.pick([0.6, 0.8, 1.0, 1.2]),
      type_of_ownership: random.int(1, 3),
      truck_type: random.int(1, 3),
      vin: vin(random, maker.wmi, year),
      weight: random.pick([7.5, 12, 18, 26, 40]),
      year_of_production: year,
      mileage: random.int(20_000, 1_200_000),
    };
  }

  trailer(index: number, truckId?: number): Data {
    const random = this.random;
    const maker = random.pick(TRAILER_MAKERS);
    const year = random.int(2010, 2024);
    const data: Data = {
      brand: maker.brand,
      modification: random.int(0, 11),
      register_number: `${random.pick(['B', 'WX', 'BC'])}-T ${String(100 + index)}${random.letters(1)}`,
      type: random.int(1, 3),
      type_of_ownership: random.int(1, 3),
      vin: vin(random, maker.wmi, year),
      weight: random.int(5_500, 9_000),
      year_of_production: year,
      pallet_box: random.chance(0.5),
      xl_code: random.chance(0.3),
    };
    if (truckId !== undefined) data.truck_id = truckId;
    return data;
  }

  trailerInsurance(): Data {
    const start = dateBetween(this.random, 300, 10);
    const end = new Date(Date.parse(start) + 365 * 86_400_000).toISOString().slice(0, 10);
    return {
      insurer: this.random.pick(['Allianz', 'AXA', 'Generali', 'PZU', 'Ergo']),
      policy_number: `POL-${this.random.digits(8)}`,
      start_date: start,
      end_date: end,
      cost: this.random.int(600, 2400),
    };
  }

  order(index: number, refs: { drivers: number[]; transport: number[]; trailers: number[]; customers?: number }): Data {
    const random = this.random;
    const from = addressOf(random, this.places);
    const to = addressOf(random, this.places);
    const loaded = random.int(150, 2400);
    const data: Data = {
      cargo_number: `CRG-${String(index + 1).padStart(7, '0')}`,
      customer: customerName(random.int(0, Math.min(refs.customers ?? CUSTOMER_COUNT, CUSTOMER_COUNT) - 1)),
      dispatcher: random.pick(DISPATCHERS),
      loading_date: dateBetween(random, 1800, -14),
      price: Math.round(loaded * (1.2 + random.next()) * 100) / 100,
      loading_address: from.line,
      unloading_address: to.line,
      dangerous_cargo: random.chance(0.05),
      exchange_of_containers: random.chance(0.1),
      empty_distance: random.int(0, 300),
      loaded_distance: loaded,
    };
    if (refs.drivers.length > 0) data.primary_driver_id = random.pick(refs.drivers);
    // The second driver is another person (x-not-same-as).
    if (refs.drivers.length > 1 && random.chance(0.3)) data.secondary_driver_id = pickOther(random, refs.drivers, data.primary_driver_id);
    if (refs.transport.length > 0) data.transport_id = random.pick(refs.transport);
    if (refs.trailers.length > 0 && random.chance(0.8)) data.trailer_id = random.pick(refs.trailers);
    if (random.chance(0.2)) data.tags = [random.pick(['express', 'frigo', 'ADR', 'oversize', 'return'])];
    return data;
  }

  card(index: number, supplierId?: number, transportId?: number): Data {
    const data: Data = {
      type: this.random.pick(['fuel', 'fuel', 'toll', 'combined']),
      serial_number: `${this.random.pick(['DKV', 'UTA', 'SHELL', 'E100'])}-${this.random.digits(4)}-${String(index + 1).padStart(4, '0')}`,
      pin: this.random.digits(4),
      expires_at: daysFromToday(this.random.int(-20, 900)),
    };
    if (supplierId !== undefined) data.supplier_id = supplierId;
    if (transportId !== undefined) data.transport_id = transportId;
    return data;
  }

  repair(): Data {
    const type = this.random.chance(0.6) ? 'maintenance' : 'repair';
    const date = dateBetween(this.random, 700, 1);
    return {
      type,
      periodicity: type === 'maintenance' ? this.random.pick(['Every 60,000 km', 'Yearly', 'Every 6 months']) : 'One-off',
      description:
        type === 'maintenance'
          ? 'Oil and filters changed, brakes checked.'
          : this.random.pick(['Clutch replaced.', 'Windscreen replaced.', 'AdBlue pump repaired.', 'Tyres replaced on the drive axle.']),
      date,
      cost: this.random.int(120, 6500),
      // When the next one is due (the compliance page warns 30 days before): mostly months away, some soon or
      // late; never before the maintenance itself.
      ...(type === 'maintenance'
        ? { next_due_date: [date, daysFromToday(this.random.chance(0.1) ? this.random.int(-10, 30) : this.random.int(31, 365))].sort()[1] }
        : {}),
    };
  }

  /** A vehicle's cell of a transport document column: its dates, mostly valid for months, one in ten within a month or just past. */
  vehicleDocument(transportId: number, groupId: number): Data {
    const end = daysFromToday(this.random.chance(0.1) ? this.random.int(-10, 30) : this.random.int(31, 700));
    return { transport_id: transportId, group_id: groupId, start_date: daysFromToday(-this.random.int(30, 700)), end_date: end, files: [] };
  }

  /** An act of a vehicle whose mileage is `vehicleMileage`: a handover's mileage only goes up (rules/handover-acts.ts). */
  handoverAct(drivers: number[], vehicleMileage: number): Data {
    const transferredBy = this.random.pick(drivers);
    return {
      date: dateBetween(this.random, 200, 1),
      transferred_by_id: transferredBy,
      // Another person receives it (x-not-same-as); with one driver only, the act names no receiver.
      ...(drivers.length > 1 ? { received_by_id: pickOther(this.random, drivers, transferredBy) } : {}),
      fuel_remaining: this.random.int(80, 900),
      mileage: vehicleMileage + this.random.int(50, 5_000),
      equipment: [
        { name: 'Fire extinguisher', present: true },
        { name: 'Warning triangle', present: true },
        { name: 'First-aid kit', present: this.random.chance(0.9) },
      ],
      documents: [
        { name: 'Registration certificate', present: true },
        { name: 'CMR insurance', present: true },
      ],
    };
  }
}
