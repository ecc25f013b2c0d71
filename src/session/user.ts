/** The signed-in user as the server answers it (docs/architecture.md, "Wire contract"). */
export interface User {
  id: number | string;
  login: string;
  name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  job_position: string | null;
  /** A path such as `/api/files/12`, fetched with the bearer header; null when none was uploaded. */
  avatar: string | null;
  is_owner: boolean;
  company: { id: number | string; name: string } | null;
  /** Administrators hold every right (resources/permissions.ts). */
  administrator: boolean;
  /** A disabled member cannot sign in; the session of an active one only ever sees `true`. */
  active: boolean;
  /**
   * The member's effective rights (`orders.view`, `sensitive.view` …), already expanded by the server: an
   * administrator's list holds every right. Loaded once with the session; the web app hides what is not
   * in it (src/access/), the server enforces it.
   */
  permissions: string[];
  /** Ids of the departments the member belongs to. */
  departments: number[];
  /** The member record's version, sent back by the profile form: a change made meanwhile is then a 409, not lost. */
  version?: number;
}

export interface AuthAnswer {
  token?: string;
  user?: User;
}
