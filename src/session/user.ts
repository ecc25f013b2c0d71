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
}

export interface AuthAnswer {
  token?: string;
  user?: User;
}
