/**
 * What other modules may use of the agreement and the privacy policy
 * (docs/decisions/0046-module-boundaries.md): the sign-in acceptance and the consent check.
 */
export { recordSignInAgreement, requirePrivacyConsent } from './legal.service';
