/** The one registry of resource rules, by resource name (server/engine/rule-types.ts says what a rule may do). */
import { companyRules } from './companies';
import { departmentRules } from './departments';
import { handoverActRules } from './handover-acts';
import { hrDocumentTypeRules } from './hr-document-types';
import { orderRules } from './orders';
import { passportRules } from './passports';
import { transportRules } from './transport';
import type { ResourceRules } from '../engine/rule-types';
import { memberRules } from './users';

export const resourceRules: Readonly<Record<string, ResourceRules>> = {
  users: memberRules,
  companies: companyRules,
  departments: departmentRules,
  'hr-document-types': hrDocumentTypeRules,
  passports: passportRules,
  'handover-acts': handoverActRules,
  transport: transportRules,
  orders: orderRules,
};

export type { ResourceRules, RuleContext, WriteFacts } from '../engine/rule-types';
