declare module 'virtual:form-validators' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  export const validateFns: ValidatorFunctions;
}

/** A request schema of schemas/requests/ precompiled (./request-validators.ts): its validate function and the schema. */
declare module 'virtual:request-validator/*' {
  import type { ValidateFunction } from 'ajv';
  export const validate: ValidateFunction;
  export const schema: { $id: string; required?: string[]; properties?: Record<string, unknown> };
}
