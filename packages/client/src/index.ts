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
// `createPhotoSender` itself comes from `@acompanha/client/photo-sender`: the client app's build puts
// every module this file reaches into its entry chunk, used or not (apps/web/build/chunks.ts), and
// only the chat sends photos.
export type { PhotoSender, PhotoSenderOptions, PreparedPhoto, ShrinkPicture, UnsentPhotoStore } from './photo-sender';
export { endServerSession, signIn, type SignInOutcome } from './sign-in';
export { tokenStore, userIdOfToken, type TokenKeys, type TokenStore } from './token-store';
