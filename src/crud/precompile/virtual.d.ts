declare module 'virtual:form-validators' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  export const validateFns: ValidatorFunctions;
}
