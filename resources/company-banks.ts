import { actionFirstApi, defineResource } from './types';

/** Bank accounts of a company: SPEC §7 `/{companyId}/banks…`, shown as the "Bank accounts" tab of a company. */
export const companyBanks = defineResource({
  name: 'company-banks',
  schema: 'company-bank-account',
  api: actionFirstApi('/{companyId}/banks', { show: false }),
  parent: { resource: 'companies', param: 'companyId', field: 'companyId' },
  label: ['account_name', 'iban'],
  permission: 'companies',
});
