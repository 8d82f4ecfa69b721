/** Enrolment is what the set-up dialog shows: the key as text and as an otpauth address for the QR code. */
export interface Enrolment {
  secret: string;
  uri: string;
}

/** RecoveryCodes are the ten single-use codes, each "abcde-fghjk", shown once. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}
