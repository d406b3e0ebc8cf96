export * from './create-validator.js';
export {
  VALIDATOR_MESSAGES,
  VALIDATOR_RULE_NAMES,
  isEmptyValue,
  type ValidatorValues,
  type ValidatorRuleName,
} from './rules.js';
export { isPrivateHost } from './private-host.js';
