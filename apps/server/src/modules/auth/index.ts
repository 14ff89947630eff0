/** Sign-up, e-mail confirmation, login and password reset; credentials shared with the loader. */
export type { AccountLimits } from './account-limits.js';
export { createAccountLimits } from './account-limits.js';
export type { AuthService } from './auth-service.js';
export { createAuthService } from './auth-service.js';
export type { CredentialsChecker } from './credentials.js';
export { createCredentialsChecker } from './credentials.js';
export type { EmailTokensRepository } from './email-tokens-repository.js';
export { createEmailTokensRepository } from './email-tokens-repository.js';
export { createSignupHoldsRepository } from './signup-holds-repository.js';
export type { UserLoginsRepository } from './user-logins-repository.js';
export { createUserLoginsRepository } from './user-logins-repository.js';
export { authRoutes } from './auth-routes.js';
export type { SessionRow, SessionsRepository } from './sessions-repository.js';
export { createSessionsRepository } from './sessions-repository.js';
export type { SessionsService } from './sessions-service.js';
export { createSessionsService } from './sessions-service.js';
export { sessionsRoutes } from './sessions-routes.js';
export { deviceLabel } from './device-label.js';
