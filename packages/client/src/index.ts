export { CONNECTION_MESSAGE, ApiError, errorBodyOf, errorMessageOf, isTransientError } from './api-error';
export {
  createApiClient,
  SessionChangedError,
  type ApiClient,
  type ApiClientOptions,
  type CallOptions,
} from './api-client';
export { endServerSession, signIn, type SignInOutcome } from './sign-in';
export { tokenStore, userIdOfToken, type TokenKeys, type TokenStore } from './token-store';
