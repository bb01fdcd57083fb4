/** Every local-storage key the app uses (SPEC.md §3), named once. */
export const STORAGE_KEYS = {
  accessToken: 'access-token',
  refreshToken: 'refresh-token',
  waterConsumption: 'waterConsumption',
  waterIntake: 'waterIntake',
  firstAccessToken: 'first-access-token',
  forgotPasswordToken: 'forgot-password-token',
  restTimer: 'rest-timer',
  trainSession: 'train-session',
  /** Whose day `waterIntake` holds, and that day's last 'Recomeçar' (decision 041). */
  waterDay: 'water-day',
} as const;
