export { CONNECTION_MESSAGE, ApiError, errorBodyOf, errorMessageOf, isTransientError } from './api-error';
export {
  createApiClient,
  SessionChangedError,
  type ApiClient,
  type ApiClientOptions,
  type CallOptions,
  type UploadOptions,
} from './api-client';
export { createMediaUploads, type MediaUpload, type MediaUploads } from './media-uploads';
export { endServerSession, signIn, type SignInOutcome } from './sign-in';
export { tokenStore, userIdOfToken, type TokenKeys, type TokenStore } from './token-store';
